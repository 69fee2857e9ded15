"""Herald pictures, drawn with Pillow from a role's view."""

"""What the rulebook (RB) and playbook (PB) state about the components, transcribed independently of the data
files, with the section of each fact. test_data.py checks every value the data tags 'stated' against this."""

# ------------------------------------------------------------------------------------------- map (RB 7.x, examples)
SHIRE_FACTS = {
    ("lincoln", "sv"): (2, "RB 14.1.2 Plague example: Lincoln's stacks lose 2 steps"),
    ("stafford", "sv"): (2, "RB 14.2.1 example: 'Stafford (a 2-SV Buckingham shire)'"),
    ("stafford", "sl"): ("yellow", "RB 14.2.1 example"),
    ("rutland", "sv"): (1, "RB 18.0 example: SV 1, loyal to York"),
    ("rutland", "sl"): ("white", "RB 18.0 example"),
    ("northumberland", "sl"): ("red", "RB 7.2.8 example: empty Northumberland is Lancastrian by its red SL"),
    ("london", "region"): ("london", "RB 7.3"),
    ("calais", "region"): ("pale_of_calais", "RB 7.3"),
    ("pale_of_ireland", "region"): ("pale_of_ireland", "RB 7.3"),
    ("chester", "coastal_seas"): ({"irish_sea"}, "RB 17.0 example"),
    ("suffolk", "coastal_seas"): ({"north_sea", "english_channel"}, "RB 7.4: one of the two two-sea shires"),
    ("cornwall", "coastal_seas"): ({"irish_sea", "english_channel"}, "RB 7.4"),
}
SEATS = {  # shire -> shields the rules place there
    "northumberland": ({"northumberland", "lancaster_rose"}, "RB 7.2.3 example (three shields)"),
    "west_riding": ({"york"}, "RB 7.2.6 example (a York seat in West Riding)"),
    "stafford": ({"shrewsbury"}, "RB 14.2.1 example (Shrewsbury has a seat in Stafford)"),
    "chester": ({"york"}, "RB 10.3.5 example (Clarence placed in one of his seats, Chester)"),
}
OFFICE_SEATS = {
    "northumberland": ({"warden"}, "RB 7.2.3 example"),
    "carnarfon": ({"chancellor"}, "RB 7.2.5 example"),
    "hampshire": ({"admiral"}, "RB 23.1.2 example"),
    "dorset": ({"admiral"}, "RB 23.1.2 example"),
}
STATED_BORDERS = {frozenset(p) for p in (
    # RB 14.1.2 Plague example: Lincoln's neighbours
    ("lincoln", "cambridge"), ("lincoln", "west_riding"), ("lincoln", "nottingham"), ("lincoln", "leicester"),
    ("lincoln", "rutland"), ("lincoln", "huntingdon"),
    # RB 16.2.1 example: Huntingdon -> Rutland -> Leicester -> Derby -> Lancaster
    ("huntingdon", "rutland"), ("rutland", "leicester"), ("leicester", "derby"), ("derby", "lancaster"),
    # RB 16.1 example: Derby -> Stafford -> Shropshire (-> Powys)
    ("derby", "stafford"), ("stafford", "shropshire"), ("shropshire", "powys"),
    # RB 20.2 example 1 / card L8 example: Sussex borders exactly Hampshire, Kent and Surrey
    ("sussex", "hampshire"), ("sussex", "kent"), ("sussex", "surrey"),
    # RB 17.0 example (Somerset intercepts into Devon); RB 7.4.1 (Gloucester-Glamorgan)
    ("devon", "somerset"), ("gloucester", "glamorgan"),
)}
ESTUARIES = {  # RB 7.4.1
    frozenset(("glamorgan", "somerset")): "Severn estuary",
    frozenset(("essex", "kent")): "Thames estuary",
    frozenset(("east_riding", "lincoln")): "Humber estuary",
}
EXILES = {  # RB 16.2.4
    "scotland": ({"cumberland", "northumberland"}, {"irish_sea", "north_sea"}),
    "ireland": ({"pale_of_ireland"}, None),
    "france": ({"calais"}, None),
}
SEA_ADJACENCY = {"north_sea": {"english_channel"}, "english_channel": {"north_sea", "irish_sea"},
                 "irish_sea": {"english_channel"}}  # RB 7.4
REGIONS = {"london": ("London", "grey"), "north_marches": ("North Marches", "purple"),
           "pale_of_calais": ("Pale of Calais", "blue"), "pale_of_ireland": ("Pale of Ireland", "green"),
           "wales_and_marches": ("Wales & the Welsh Marches", "red")}  # RB 7.3
NOT_IN_PLAY = {"Anglesey", "Isle of Wight"}  # RB 7.5.1

# ------------------------------------------------------------------------------------------- blocks (RB 8, examples)
BLOCK_FACTS = {
    ("henry_vi", "command_rating"): (None, "RB 10.3.3"),
    ("margaret", "command_rating"): (None, "RB 10.3.4"),
    ("lancaster", "command_rating"): (2, "RB 20.6.2 example"),
    ("exeter", "rank"): (2, "RB 16.1 example"),
    ("exeter", "command_rating"): (2, "RB 16.1 example"),
    ("northumberland", "rank"): (3, "RB 16.1 example"),
    ("clarence", "rank"): (2, "RB 8.3.1 example"),
    ("warwick", "rank"): (4, "RB 8.3.1, 24.2.1 examples"),
    ("warwick", "command_rating"): (2, "RB 8.3.1 example"),
    ("warwick", "rop_threshold"): (4, "RB 24.2.1 example"),
    ("warwick", "rop_roses"): ({"white": 3}, "RB 24.2.1 example; PB 1.2 example"),
    ("beaumont", "rop_roses"): ({"red": 2}, "RB 24.2.1 example"),
    ("fauconberg", "rank"): (1, "RB 16.1 example"),
    ("fauconberg", "command_rating"): (3, "RB 16.1 example"),
    ("herbert", "command_rating"): (1, "RB 8.3.1 example"),
    ("stanley", "command_rating"): (1, "RB 20.6.2 example"),
    ("richmond", "steps"): (["BBG", "BB", "B"], "RB 20.5.2 example: full strength 2 blue + 1 green"),
    ("lancaster", "rop_box"): (False, "RB 7.1.5"), ("york", "rop_box"): (False, "RB 7.1.5"),
    ("lancaster", "rop_threshold"): (None, "RB 7.1.5 (no box)"), ("york", "rop_threshold"): (None, "RB 7.1.5"),
    ("lancaster", "rop_roses"): ({}, "RB 7.1.5 (no box)"), ("york", "rop_roses"): ({}, "RB 7.1.5 (no box)"),
    ("richmond", "rop_box"): (True, "PB 3.3.7 (Senior Heir marker on the Richmond box)"),
    ("buckingham", "rop_box"): (True, "PB 3.1.7"), ("salisbury", "rop_box"): (True, "PB 3.1.7"),
    ("warwick", "rop_box"): (True, "PB 3.1.7"), ("clarence", "rop_box"): (True, "RB 10.3.5"),
    ("henry_vi", "shield"): ("lancaster_rose", "RB 7.2.6"), ("margaret", "shield"): ("lancaster_rose", "RB 7.2.6"),
    ("northumberland", "shield"): ("northumberland", "RB 7.2.3 example"),
    ("shrewsbury", "shield"): ("shrewsbury", "RB 14.2.1 example"),
    ("pembroke", "shield"): ("tudor", "RB 7.2.6: Pembroke and Richmond share identical seats"),
}
for _b in ("york", "march", "rutland", "clarence", "gloucester"):
    BLOCK_FACTS[(_b, "shield")] = ("york", "RB 7.2.6: York-family nobles share seats")
for _b in ("french", "burgundians", "scots", "welsh"):
    BLOCK_FACTS[(_b, "rank")] = (None, "RB 8.1: mercenaries have no rank")
    BLOCK_FACTS[(_b, "command_rating")] = (None, "RB 8.1: or CR")
    BLOCK_FACTS[(_b, "kind")] = ("mercenary", "RB 8.1")
    BLOCK_FACTS[(_b, "start_house")] = ({"2": "inactive", "3": "inactive", "4": "inactive"}, "PB 2.0")
OFFICE_RANKS = {"king": 1, "chancellor": 2, "treasurer": 3, "marshal": 4, "admiral": 5, "captain_of_calais": 6,
                "lt_ireland": 7, "warden": 8}  # RB 27.3
for _o, _rank in OFFICE_RANKS.items():
    BLOCK_FACTS[(f"{_o}_office", "rank")] = (_rank, "RB 27.3")
    BLOCK_FACTS[(f"{_o}_office", "command_rating")] = (None, "RB 8.1: office blocks show only their rank")
    BLOCK_FACTS[(f"{_o}_office", "label_colour")] = ("purple", "RB 8.1")
    BLOCK_FACTS[(f"{_o}_office", "kind")] = ("office", "RB 8.1")
    BLOCK_FACTS[(f"{_o}_office", "office")] = (_o, "RB 8.1")
    BLOCK_FACTS[(f"{_o}_office", "host_cr_bonus")] = (1 if _o == "king" else 0, "RB 10.5.1")
    BLOCK_FACTS[(f"{_o}_office", "start_house")] = ({"2": "inactive", "3": "inactive", "4": "inactive"}, "RB 8.1")

# Heir cards (card list): card -> (block, entry turn, cards kept between turns or None if the card gives none)
HEIR_CARDS = {
    "B1": ("buckingham", 1, 2), "B4": ("southwick", 3, None), "B5": ("wiltshire", 2, 1), "B8": ("stafford", 3, 1),
    "L1": ("henry_vi", 1, None), "L4": ("lancaster", 3, 1), "L5": ("exeter", 1, None), "L7": ("richmond", 5, 1),
    "W1": ("salisbury", 1, 1), "W2": ("warwick", 1, 2), "W5": ("montague", 1, None), "W8": ("fauconberg", 1, 1),
    "Y1": ("york", 1, 1), "Y2": ("clarence", 4, None), "Y5": ("rutland", 3, 1), "Y7": ("march", 2, 2),
    "Y8": ("gloucester", 5, 1),
}
HOUSE_CARD_TYPES = {  # card list; Y6's type is not printed in the source
    "B1": "heir", "B2": "event", "B3": "surprise", "B4": "heir", "B5": "heir", "B6": "event", "B7": "event",
    "B8": "heir", "L1": "heir", "L2": "event", "L3": "surprise", "L4": "heir", "L5": "heir", "L6": "event",
    "L7": "heir", "L8": "event", "W1": "heir", "W2": "heir", "W3": "surprise", "W4": "event", "W5": "heir",
    "W6": "event", "W7": "event", "W8": "heir", "Y1": "heir", "Y2": "heir", "Y3": "event", "Y4": "surprise",
    "Y5": "heir", "Y7": "heir", "Y8": "heir",
}
BLOCK_NAMES = {  # the names the rules give the 54 blocks (PB 3.1-3.3 block lists, RB 8.1, 27.3, examples)
    "henry_vi": "Henry VI", "margaret": "Queen Margaret", "lancaster": "Lancaster", "exeter": "Exeter",
    "richmond": "Richmond", "beaumont": "Beaumont", "clifford": "Clifford", "northumberland": "Northumberland",
    "pembroke": "Pembroke", "somerset": "Somerset", "westmorland": "Westmorland", "buckingham": "Buckingham",
    "stafford": "Stafford", "southwick": "Southwick", "wiltshire": "Wiltshire", "audley": "Audley",
    "de_ros": "de Ros", "devon": "Devon", "hastings": "Hastings", "ormonde": "Ormonde", "oxford": "Oxford",
    "arundel": "Arundel", "york": "York", "march": "March", "rutland": "Rutland", "clarence": "Clarence",
    "gloucester": "Gloucester", "essex": "Essex", "kent": "Kent", "lovel": "Lovel", "norfolk": "Norfolk",
    "suffolk": "Suffolk", "salisbury": "Salisbury", "warwick": "Warwick", "montague": "Montague",
    "fauconberg": "Fauconberg", "herbert": "Herbert", "scrope": "Scrope", "shrewsbury": "Shrewsbury",
    "rivers": "Rivers", "worcester": "Worcester", "stanley": "Stanley", "french": "French",
    "burgundians": "Burgundians", "scots": "Scots", "welsh": "Welsh", "king_office": "King",
    "chancellor_office": "Lord Chancellor", "treasurer_office": "Lord Treasurer", "marshal_office": "Earl Marshal",
    "admiral_office": "Lord Admiral", "captain_of_calais_office": "Captain of Calais",
    "lt_ireland_office": "Lord Lieutenant of Ireland and the Pale",
    "warden_office": "Lord Warden of the North Marches",
}

# ------------------------------------------------------------------------------------------- cards
def operations_card_type(number: int) -> str:
    """Card list: 1-27 alliances, 28-56 events, 57-62 mandatory events, 63-78 surprises."""
    return "alliance" if number <= 27 else "event" if number <= 56 else "mandatory" if number <= 62 else "surprise"


CARD_OPS = {42: (2, "RB 13.2 example"), 57: (None, "RB 10.1: Affairs of State has no OPS value")}
HOUSE_CARD_OPS = {"B2": (1, "RB 14.2.1 example"), "Y5": (2, "RB 13.2 example")}
EMBASSY = {58: {1: "east_riding", 2: "lancaster", 3: "essex", 4: "lincoln", 5: "hampshire", 6: "hampshire"},
           59: {1: "devon", 2: "norfolk", 3: "kent", 4: "kent", 5: "durham", 6: "durham"}}  # cards #58, #59
RAID_DICE = {30: "BBB", 31: "BBB", 32: "BBB", 36: "GG", 39: "BB"}  # cards; RB 14.2.1
PARLIAMENT_FACTS = {("king", "support"): 3, ("chancellor", "votes"): 3, ("chancellor", "votes_without_king"): 5,
                    ("admiral", "ip"): 2}  # RB 10.5.1, 10.5.2, 23.1.3

# ------------------------------------------------------------------------------------------- components
COMPONENTS = {
    "ip_markers_per_house": {"0": 4, "1": 12, "2": 10, "3": 6, "5": 6, "10": 2},  # RB 9.1
    "support_markers_per_house": 4,  # RB 9.2
    "dice_hits": {"R": [4, 5, 6], "B": [5, 6], "G": [6]},  # RB 8.3
    "operations_cards": 78,  # RB 2.0
    "hand.base_draw": 5, "hand.max_operations_cards": 9, "hand.max_bonus_cards": 4,  # RB 12.1, 12.3
    "houses.york.colour": "white", "houses.lancaster.colour": "red", "houses.buckingham.colour": "yellow",
    "houses.warwick.colour": "blue",  # RB 5.0
    "houses.york.player_counts": [2, 3, 4], "houses.lancaster.player_counts": [2, 3, 4],
    "houses.buckingham.player_counts": [3, 4], "houses.warwick.player_counts": [4],
    "houses.york.card_prefix": "Y", "houses.lancaster.card_prefix": "L", "houses.buckingham.card_prefix": "B",
    "houses.warwick.card_prefix": "W",
}

# ------------------------------------------------------------------------------------------- scenarios (playbook)
CAMPAIGN_BLOCKS = {  # PB 3.1.6 = PB 3.4.6
    2: {"lancaster": "audley beaumont buckingham clifford exeter henry_vi lancaster margaret northumberland "
                     "ormonde oxford pembroke somerset westmorland",
        "york": "clarence essex fauconberg gloucester herbert kent march montague norfolk rutland salisbury "
                "scrope suffolk warwick york"},
    3: {"lancaster": "beaumont clifford exeter henry_vi lancaster margaret northumberland pembroke somerset "
                     "westmorland",
        "york": "clarence essex gloucester march montague norfolk rutland salisbury suffolk warwick york",
        "buckingham": "arundel audley buckingham de_ros devon hastings ormonde oxford stafford"},
    4: {"lancaster": "beaumont clifford exeter henry_vi lancaster margaret northumberland pembroke somerset",
        "york": "clarence essex gloucester kent lovel march norfolk rutland suffolk york",
        "buckingham": "audley buckingham de_ros devon hastings ormonde oxford stafford",
        "warwick": "fauconberg herbert montague salisbury scrope warwick"},
}
CAMPAIGN_SUPPORT = {2: {"lancaster": 2, "york": 5}, 3: {"lancaster": 2, "york": 4, "buckingham": 3},
                    4: {"lancaster": 2, "york": 4, "buckingham": 3, "warwick": 5}}  # PB 3.1.4
CAMPAIGN_INFLUENCE = {2: {"lancaster": 21, "york": 25}, 3: {"lancaster": 15, "york": 16, "buckingham": 16},
                      4: {"lancaster": 13, "york": 15, "buckingham": 16, "warwick": 18}}  # PB 3.1.5
CAMPAIGN_OFFICES = {"king": "henry_vi", "admiral": "exeter", "warden": "northumberland", "lt_ireland": "york",
                    "marshal": "norfolk", "captain_of_calais": "warwick", "chancellor": "buckingham"}  # PB 3.1.6/3.1.8
CAMPAIGN_CARDS = {"lancaster": ["L1", "L2"], "york": ["Y1"], "buckingham": ["B1"], "warwick": ["W1", "W2"]}
CAMPAIGN_SET_ASIDE = {"clarence", "gloucester", "lancaster", "march", "rutland", "stafford"}  # PB 3.1.6 notes

SCENARIOS = {  # id -> section, turns, player counts, starting King, kingships, in a row, military targets
    "seeds_of_enmity": ("PB 3.1", 1, 9, [2, 3, 4], "lancaster", 5, False, None),
    "entangled_branches": ("PB 3.2", 3, 6, [2], "york", 2, True, {"lancaster": ["march", "rutland"],
                                                                  "york": ["lancaster"]}),
    "cruel_thorns": ("PB 3.3", 6, 9, [2], "york", 2, True, {"lancaster": ["gloucester"], "york": ["richmond"]}),
    "kingmaker": ("PB 3.4", 1, 9, [2, 3, 4], "lancaster", 5, False, None),
}
PB32 = {  # PB 3.2.4-3.2.9
    "support": {"lancaster": 3, "york": 5}, "influence": {"lancaster": 15, "york": 20},
    "blocks": {"lancaster": "beaumont clifford de_ros exeter lancaster margaret northumberland oxford somerset "
                            "westmorland",
               "york": "clarence essex gloucester hastings herbert kent march montague norfolk suffolk warwick"},
    "out_of_play": {"salisbury", "stafford", "york"}, "set_aside": {"clarence", "gloucester"},
    "offices": {"king": "march", "captain_of_calais": "warwick", "marshal": "norfolk", "warden": "northumberland",
                "admiral": "exeter"},
    "cards": {"lancaster": ["L2", "L4"], "york": ["Y7"]}, "attached": {"margaret": "lancaster"},
}
PB33 = {  # PB 3.3.4-3.3.9
    "support": {"lancaster": 4, "york": 3}, "influence": {"lancaster": 9, "york": 13},
    "blocks": {"lancaster": "beaumont de_ros devon oxford pembroke richmond westmorland",
               "york": "essex gloucester lovel norfolk northumberland suffolk"},
    "out_of_play": set("audley buckingham clarence clifford exeter hastings henry_vi lancaster march montague "
                       "ormonde margaret rutland salisbury somerset southwick stafford warwick wiltshire worcester "
                       "york".split()),
    "removed": {"scots", "french", "burgundians"},
    "offices": {"king": "gloucester", "admiral": "norfolk", "marshal": "norfolk", "warden": "northumberland"},
    "cards": {"lancaster": (["L7"], [25]), "york": (["Y8"], [16, 18])},
}

GENERAL_SETUP = {  # PB 2.0 (and PB 3.1.5, 3.1.8 for the IP stock and office support)
    "blocks_start_at_full_strength": True, "unassigned_offices_vacant": True, "turns_as_king_start": 0,
    "default_first_turn": 1, "first_phase": "draw", "ip_stock_equals_influence": True,
    "office_support_at_setup": False,
}
SCENARIO_RULES = {
    ("seeds_of_enmity", "short_option_last_turn"): 5,  # PB 3.1.9 #5
    ("seeds_of_enmity", "plundered"): ["calais"],  # PB 3.1.9 #1
    ("seeds_of_enmity", "feud"): {"blocks": ["salisbury", "warwick", "montague"], "excludes": "northumberland",
                                  "until_end_of_turn": 4},  # PB 3.1.9 #2
    ("seeds_of_enmity", "heir_only_blocks"): ["clarence", "gloucester", "lancaster", "march", "rutland",
                                              "stafford"],  # PB 3.1.9 #4
    ("entangled_branches", "heir_only_blocks"): ["clarence", "gloucester"],  # PB 3.2.9 #3
    ("kingmaker", "heir_only_blocks"): ["gloucester", "lancaster", "march", "stafford", "rutland"],  # PB 3.4.9 #1
    ("kingmaker", "ignore_heir_entry_turns"): True, ("kingmaker", "clarence_open_to_influence"): True,
    ("kingmaker", "heir_kill_draws_card"): True, ("kingmaker", "random_draft_option"): True,  # PB 3.4.9 #1, #3, #4
    ("kingmaker", "draft_order_without_office"): ["buckingham", "warwick", "york", "lancaster"],  # PB 3.4.9 #4
    ("kingmaker", "draft_order_by_office"): ["warden", "lt_ireland", "captain_of_calais", "admiral", "marshal",
                                             "treasurer", "chancellor", "king"],  # PB 3.4.9 #4
    ("cruel_thorns", "ops_only_cards"): [49, 52, 55],  # PB 3.3.9 #5
    ("cruel_thorns", "loyal_only_to"): {"lancaster": {"blocks": ["oxford", "rivers", "pembroke"], "cards": [25, 56]},
                                        "york": {"blocks": ["suffolk", "norfolk", "lovel"], "cards": [18, 16]}},
    ("cruel_thorns", "northumberland_activation_roll"): 4,  # PB 3.3.9 #1
    ("cruel_thorns", "rivers_free_entry_turn"): 7,  # PB 3.3.9 #3
    ("cruel_thorns", "barred_from_parliament"): {"6": ["richmond", "oxford"]},  # PB 3.3.9 #4
    ("cruel_thorns", "what_if_option"): {"house": "lancaster", "adds_block": "stafford"},  # PB 3.3.9 #6
}
PLACEMENT_ORDER = ["lancaster", "york", "warwick", "buckingham"]  # PB 3.1.6, 3.4.6 (houses not in play skipped)

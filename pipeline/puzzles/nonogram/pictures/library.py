"""The bundled picture library: Font Awesome Free's solid icons, drawn from the font it ships.

Why this set: the `fontawesomefree` package (an ordinary dependency) carries the solid icons as
one TrueType font that Pillow draws directly (no SVG renderer needed), with metadata that gives
every icon a label ("Anchor") and sorts it into categories (animals, food-beverage, ...). The
icons are filled silhouettes designed to read at 16 pixels, which is what a 15x15 to 20x20 grid
is; their licence, CC BY 4.0, allows printing them in a book sold for money with attribution
(ATTRIBUTION below, for the copyright page). Material Design Icons (Apache 2.0) has more icons but
no categories to make themes of, and many are outlines, which fall apart at 15 cells.

Themes are our own groups of Font Awesome's categories. An icon is in the library when it is
solid and free, in some theme, and not a variant of another icon (a badge in a circle or a
square, a slash, an arrow, a plus or a check added): those differ from their base icon by a
detail that 20 cells cannot show. Names are Font Awesome's ("cat", "guitar"); titles are its labels in
sentence case, or our own caption where the label is a catalogue entry (CAPTIONS), and icons its
categories misplace are kept out of that theme (MISPLACED).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

import yaml
from PIL import Image, ImageDraw, ImageFont, features

PACKAGE = "fontawesomefree"
# Bump when the selection below changes what the library holds: it is part of LIBRARY_VERSION.
SELECTION = 2

ATTRIBUTION = (
    "Pictures in the puzzles are drawn from Font Awesome Free icons by Fonticons, Inc. "
    "(https://fontawesome.com), licensed under CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0/). The icons were reduced to grids of cells "
    "and some cells changed so that each puzzle has a single solution."
)

THEMES: dict[str, tuple[str, ...]] = {
    "animals": ("animals",),
    "food": ("food-beverage", "fruits-vegetables"),
    "transport": ("transportation", "automotive", "maritime"),
    "sport": ("sports-fitness",),
    "games": ("gaming",),
    "music": ("music-audio",),
    "nature": ("nature", "weather", "astronomy", "camping"),
    "tools": ("construction", "science", "design"),
    "home": ("household", "buildings", "moving"),
    "clothing": ("clothing-fashion",),
    "holidays": ("holidays", "halloween", "childhood"),
    "people": ("users-people", "hands", "emoji"),
    "things": ("devices-hardware", "education", "travel-hotel", "shopping", "medical-health", "time", "writing"),
}
# Name parts that mark a variant of another icon, or a sign rather than a picture.
VARIANT = re.compile(
    r"(^|-)(circle|square|slash|arrow|arrows|plus|minus|xmark|check|exclamation|question|lock|"
    r"sign|file|folder|chart|calendar|align|border|table|list|text|font|heading|rotate|"
    r"left|right|up|down|on|off|half|quarter|empty)(-|$)"
)
# Font Awesome's own marks, and icons that are diagrams or screen symbols rather than pictures of
# a thing: on the contact sheets (tools/picture_figures.py) they read as noise, or as nothing one could name.
NOT_PICTURES = frozenset({
    "font-awesome", "web-awesome", "fingerprint", "signature", "timeline", "barcode", "qrcode",
    "bars-progress", "bars-staggered", "crosshairs", "mosquito-net", "water-ladder", "users-viewfinder",
    "person-military-to-person", "sun-plant-wilt", "stroopwafel", "notdef", "clone", "copy", "paste",
    "crop", "crop-simple", "object-group", "object-ungroup", "draw-polygon", "bezier-curve",
    "layer-group", "lines-leaning", "icons", "person-rays", "users-rays", "users-line",
    "users-between-lines", "users-rectangle", "people-line", "person-dots-from-line", "address-book",
    "address-card", "id-badge", "id-card", "id-card-clip", "image-portrait", "database", "server",
    "download", "upload", "ethernet", "tachograph-digital", "paragraph", "blog", "infinity", "shapes",
})
# Not for a puzzle book anyone may give as a present: weapons, violence, drugs, a rude gesture.
UNSUITABLE = frozenset({
    "hand-middle-finger", "person-harassing", "person-rifle", "person-military-pointing",
    "person-military-rifle", "people-robbery", "person-falling-burst", "person-dress-burst",
    "mars-and-venus-burst", "person-burst", "person-drowning", "person-through-window", "child-combatant",
    "user-injured", "cannabis", "joint", "bong", "smoking", "gun", "bomb", "land-mine-on", "jet-fighter",
    "jet-fighter-up", "handcuffs", "hands-bound", "skull-crossbones", "explosion", "car-burst",
})
# Font Awesome sorts icons by use, not by what they show: these are out of place in our theme
# (a feather is no animal, a burning house no furnishing). Chosen by reading each theme's list
# (tests/types/nonogram/library_themes.txt) and looking at the pictures.
MISPLACED: dict[str, frozenset[str]] = {
    "animals": frozenset({"feather", "feather-pointed", "shield-cat", "shield-dog", "bugs"}),
    "food": frozenset({"bone", "cloud-meatball", "cubes-stacked", "flask", "leaf", "seedling", "bottle-droplet"}),
    "transport": frozenset({
        "fish", "fish-fins", "horse", "otter", "shrimp", "mound", "person-swimming", "water", "gauge",
        "gauge-high", "gauge-simple", "gauge-simple-high", "spray-can-sparkles", "road-spikes", "road-barrier",
        "car-battery", "oil-can", "charging-station", "cart-shopping", "baby-carriage", "wheelchair",
        "wheelchair-move", "truck-field-un", "truck-droplet",
    }),
    "sport": frozenset({"fire-flame-curved", "fire-flame-simple", "heart", "heart-pulse", "mound", "spa", "ranking-star"}),
    "games": frozenset({"book-skull", "hand-fist", "headset", "ring", "diamond", "heart"}),
    "music": frozenset({"sliders", "volume-high", "volume-low"}),
    "nature": frozenset({
        "binoculars", "bottle-water", "bucket", "caravan", "cloud-meatball", "faucet", "faucet-drip",
        "feather-pointed", "fire-burner", "house-tsunami", "kit-medical", "map", "map-location",
        "map-location-dot", "mattress-pillow", "mound", "people-roof", "person-shelter", "poo-storm", "route",
        "satellite", "satellite-dish", "shuttle-space", "signs-post", "smog", "tarp", "tarp-droplet",
        "temperature-full", "temperature-high", "temperature-low", "temperature-three-quarters", "toilet-paper",
        "trailer", "user-astronaut", "compass", "globe", "bolt", "water", "mountain-city",
    }),
    "home": frozenset({
        "building-flag", "building-ngo", "building-shield", "building-un", "building-user", "building-wheat",
        "campground", "caravan", "dungeon", "gopuram", "hospital", "hospital-user", "house-chimney-crack",
        "house-chimney-medical", "house-chimney-user", "house-crack", "house-fire", "house-flag", "house-laptop",
        "house-medical", "house-medical-flag", "house-signal", "house-user", "industry", "kaaba", "landmark",
        "landmark-dome", "landmark-flag", "monument", "mosque", "mountain-city", "oil-well", "people-roof",
        "place-of-worship", "route", "school", "school-flag", "sheet-plastic", "snowflake", "synagogue", "tent",
        "tents", "toilet-portable", "toilets-portable", "torii-gate", "tower-observation", "trailer", "tree-city",
        "truck-moving", "truck-ramp-box", "vihara", "warehouse", "church", "city", "hotel", "shop", "store",
        "building", "building-columns", "archway", "igloo", "boxes-packing", "people-carry-box", "dolly",
    }),
    "holidays": frozenset({
        "bath", "baseball-bat-ball", "bucket", "toilet-paper", "person-biking", "school", "gamepad", "person-breastfeeding",
        "baby", "baby-carriage", "child", "child-dress", "child-reaching", "children", "hands-holding-child",
        "face-grin-hearts", "face-kiss-wink-heart", "cubes-stacked",
    }),
    # things are objects: its categories' people, hands and heads belong under people
    "things": frozenset({
        "chalkboard-user", "clipboard-user", "person-booth", "person-breastfeeding", "person-cane", "person-chalkboard",
        "person-swimming", "person-walking-luggage", "user-doctor", "user-graduate", "user-nurse", "head-side-cough",
        "head-side-mask", "head-side-virus", "hand-dots", "hand-holding-droplet", "hand-holding-medical", "handshake",
        "hot-tub-person", "hospital-user", "elevator", "poop", "skull", "wheelchair-move",
    }),
    "people": frozenset({
        "bed", "clipboard-user", "elevator", "hospital-user", "skull", "poo", "user-tag", "user-clock", "user-gear",
        "users-gear", "user-shield", "user-pen", "street-view", "house-user", "house-chimney-user", "people-roof",
        "restroom", "person-booth",
    }),
}
# And icons a theme's categories miss: the moving category's vans are vehicles.
BELONGS: dict[str, frozenset[str]] = {
    "transport": frozenset({"truck-ramp-box", "truck-moving", "truck-fast"}),
    "nature": frozenset({"tree", "clover", "leaf", "seedling"}),
}
# Captions as a person titles the picture, where Font Awesome's label is not one ("Truck Ramp
# Box", "Cart Shopping"); every other caption is its label in sentence case ("Ice cream").
CAPTIONS: dict[str, str] = {
    "apple-whole": "Apple", "bowl-food": "Bowl of food", "bowl-rice": "Bowl of rice", "bread-slice": "Slice of bread",
    "cake-candles": "Birthday cake", "champagne-glasses": "Champagne glasses", "drumstick-bite": "Chicken leg",
    "glass-water": "Glass of water", "glass-water-droplet": "Glass of water", "hotdog": "Hot dog",
    "jar-wheat": "Jar of flour", "martini-glass": "Cocktail glass", "martini-glass-citrus": "Cocktail with lemon",
    "mug-hot": "Hot drink", "mug-saucer": "Cup and saucer", "pepper-hot": "Chilli pepper", "pizza-slice": "Slice of pizza",
    "plate-wheat": "Plate of wheat", "wheat-awn": "Wheat", "whiskey-glass": "Whisky glass", "bottle-water": "Water bottle",
    "fish-fins": "Fish", "horse-head": "Horse's head", "kiwi-bird": "Kiwi", "paw": "Paw print",
    "bus-simple": "Bus", "car-rear": "Car from behind", "car-side": "Car", "car-tunnel": "Car in a tunnel",
    "gas-pump": "Petrol pump", "shuttle-space": "Space shuttle", "train-subway": "Underground train",
    "train-tram": "Tram", "truck-field": "Farm truck", "truck-front": "Lorry", "truck-medical": "Ambulance",
    "truck-monster": "Monster truck", "truck-pickup": "Pickup truck", "truck-plane": "Airport truck",
    "van-shuttle": "Minibus", "truck-ramp-box": "Delivery truck", "truck-moving": "Removal van", "truck-fast": "Speeding lorry",
    "cloud-bolt": "Thunderstorm", "cloud-moon": "Moon behind a cloud", "cloud-moon-rain": "Rain at night",
    "cloud-rain": "Rain cloud", "cloud-showers-heavy": "Heavy rain", "cloud-showers-water": "Flood",
    "cloud-sun": "Sun behind a cloud", "cloud-sun-rain": "Sun and showers", "bolt-lightning": "Lightning",
    "fire-flame-curved": "Flame", "fire-flame-simple": "Flame", "mountain-sun": "Mountain at sunrise",
    "plant-wilt": "Wilting plant", "person-hiking": "Hiker", "tree": "Tree",
    "box-archive": "Storage box", "box-open": "Open box", "box-tissue": "Box of tissues", "door-closed": "Door",
    "door-open": "Open door", "house-chimney": "House with a chimney", "house-chimney-window": "Cottage",
    "jug-detergent": "Detergent bottle", "kitchen-set": "Pots and pans", "mattress-pillow": "Mattress and pillow",
    "pump-soap": "Soap dispenser", "faucet": "Tap", "faucet-drip": "Dripping tap", "fire-burner": "Gas ring", "tv": "Television", "utensils": "Knife and fork", "lightbulb": "Light bulb",
    "baseball-bat-ball": "Bat and ball", "bowling-ball": "Bowling ball", "broom-ball": "Broomball",
    "futbol": "Football", "football": "American football", "golf-ball-tee": "Golf ball on a tee",
    "person-biking": "Cyclist", "person-running": "Runner", "person-skating": "Skater", "person-skiing": "Skier",
    "person-skiing-nordic": "Cross-country skier", "person-snowboarding": "Snowboarder", "person-swimming": "Swimmer",
    "person-walking": "Walker", "stopwatch-20": "Stopwatch", "weight-hanging": "Weight", "shoe-prints": "Footprints",
    "chess-board": "Chessboard", "dice-d20": "Twenty-sided die", "dice-d6": "Die", "dice-five": "Die showing five",
    "dice-four": "Die showing four", "dice-one": "Die showing one", "dice-six": "Die showing six",
    "dice-three": "Die showing three", "dice-two": "Die showing two", "hat-wizard": "Wizard's hat",
    "vr-cardboard": "VR headset", "wand-sparkles": "Magic wand", "shield-halved": "Shield",
    "drum-steelpan": "Steel drum", "headphones-simple": "Headphones", "microphone-lines": "Microphone",
    "music": "Musical note", "record-vinyl": "Record", "compact-disc": "CD",
    "hat-cowboy": "Cowboy hat", "hat-cowboy-side": "Cowboy hat", "user-tie": "Man in a tie", "vest-patches": "Waistcoat",
    "vest": "Waistcoat", "cookie-bite": "Bitten cookie", "holly-berry": "Holly", "face-grin-hearts": "Smiley in love",
    "face-kiss-wink-heart": "Blowing a kiss", "dna": "DNA", "x-ray": "X-ray", "sd-card": "SD card",
    "sim-card": "SIM card", "wifi": "Wi-Fi", "earth-africa": "Globe: Africa", "earth-americas": "Globe: the Americas",
    "earth-asia": "Globe: Asia", "earth-europe": "Globe: Europe", "earth-oceania": "Globe: Oceania",
    "baby-carriage": "Pram",
    "ban-smoking": "No smoking",
    "bed-pulse": "Hospital bed",
    "bell-concierge": "Service bell",
    "blender-phone": "Blender",
    "book-atlas": "Atlas",
    "book-bookmark": "Book with a bookmark",
    "book-medical": "Medical book",
    "book-open": "Open book",
    "book-open-reader": "Reading a book",
    "book-skull": "Book of spells",
    "bore-hole": "Borehole",
    "briefcase-medical": "Doctor's bag",
    "camera-retro": "Old camera",
    "car-battery": "Car battery",
    "cart-flatbed-suitcase": "Luggage trolley",
    "chalkboard-user": "Teacher at the board",
    "chess-bishop": "Bishop",
    "chess-king": "King",
    "chess-knight": "Knight",
    "chess-pawn": "Pawn",
    "chess-queen": "Queen",
    "chess-rook": "Rook",
    "child-dress": "Girl",
    "clipboard-user": "Clipboard",
    "comment-medical": "Speech bubble with a cross",
    "compass-drafting": "Drawing compass",
    "computer-mouse": "Computer mouse",
    "cubes-stacked": "Stacked cubes",
    "dumpster-fire": "Bin on fire",
    "envelope-open": "Open envelope",
    "eye-dropper": "Dropper",
    "face-angry": "Angry face",
    "face-dizzy": "Dizzy face",
    "face-flushed": "Flushed face",
    "face-frown": "Frowning face",
    "face-frown-open": "Dismayed face",
    "face-grimace": "Grimacing face",
    "face-grin": "Grinning face",
    "face-grin-beam": "Beaming face",
    "face-grin-beam-sweat": "Nervous grin",
    "face-grin-squint": "Squinting grin",
    "face-grin-squint-tears": "Rolling with laughter",
    "face-grin-stars": "Star-struck face",
    "face-grin-tears": "Tears of joy",
    "face-grin-tongue": "Face with tongue out",
    "face-grin-tongue-squint": "Squinting with tongue out",
    "face-grin-tongue-wink": "Winking with tongue out",
    "face-grin-wide": "Wide grin",
    "face-grin-wink": "Winking grin",
    "face-kiss": "Kissing face",
    "face-kiss-beam": "Smiling kiss",
    "face-laugh": "Laughing face",
    "face-laugh-beam": "Beaming laugh",
    "face-laugh-squint": "Squinting laugh",
    "face-laugh-wink": "Winking laugh",
    "face-meh": "Unimpressed face",
    "face-meh-blank": "Blank face",
    "face-rolling-eyes": "Rolling eyes",
    "face-sad-cry": "Crying face",
    "face-sad-tear": "Sad face",
    "face-smile": "Smiling face",
    "face-smile-beam": "Beaming smile",
    "face-smile-wink": "Winking face",
    "face-surprise": "Surprised face",
    "face-tired": "Tired face",
    "fill-drip": "Paint pot",
    "flask-vial": "Flask and test tube",
    "hand-back-fist": "Fist",
    "hand-dots": "Spotty hand",
    "hand-fist": "Raised fist",
    "hand-holding": "Open hand",
    "hand-holding-dollar": "Hand with a coin",
    "hand-holding-droplet": "Hand with a drop",
    "hand-holding-hand": "Holding hands",
    "hand-holding-heart": "Hand with a heart",
    "hand-holding-medical": "Hand with a cross",
    "hand-lizard": "Lizard hand",
    "hand-peace": "Peace sign",
    "hand-pointer": "Pointing hand",
    "hand-scissors": "Scissors hand",
    "hand-sparkles": "Clean hand",
    "hand-spock": "Vulcan salute",
    "hands-bubbles": "Washing hands",
    "hands-clapping": "Clapping hands",
    "hands-holding": "Open hands",
    "hands-praying": "Praying hands",
    "handshake-angle": "Helping hand",
    "handshake-simple": "Handshake",
    "head-side-cough": "Coughing",
    "head-side-mask": "Face mask",
    "head-side-virus": "Head with a virus",
    "heart-pulse": "Heartbeat",
    "helmet-safety": "Hard hat",
    "hospital-user": "Hospital",
    "hot-tub-person": "Hot tub",
    "hourglass-end": "Hourglass",
    "hourglass-start": "Hourglass",
    "house-chimney-medical": "Clinic",
    "house-chimney-user": "At home",
    "house-laptop": "Working from home",
    "house-medical": "Clinic",
    "house-medical-flag": "Clinic",
    "house-user": "At home",
    "kit-medical": "First-aid kit",
    "laptop-code": "Laptop",
    "laptop-medical": "Laptop",
    "lungs-virus": "Lungs with a virus",
    "map-location": "Map",
    "map-location-dot": "Map with a pin",
    "mask-face": "Face mask",
    "mask-ventilator": "Oxygen mask",
    "masks-theater": "Theatre masks",
    "mobile-button": "Mobile phone",
    "mobile-retro": "Old mobile phone",
    "mobile-screen": "Smartphone",
    "mobile-screen-button": "Smartphone",
    "mortar-pestle": "Mortar and pestle",
    "mountain-city": "City by the mountains",
    "note-sticky": "Sticky note",
    "notes-medical": "Medical notes",
    "paint-roller": "Paint roller",
    "pen-clip": "Pen",
    "pen-fancy": "Fountain pen",
    "pen-nib": "Pen nib",
    "pen-ruler": "Pencil and ruler",
    "people-carry-box": "Carrying a box",
    "people-group": "Group of people",
    "people-pulling": "Tug of war",
    "people-roof": "Under one roof",
    "person-booth": "Changing booth",
    "person-breastfeeding": "Mother and baby",
    "person-cane": "Walking with a stick",
    "person-chalkboard": "Teacher",
    "person-digging": "Digging",
    "person-dress": "Woman",
    "person-falling": "Falling",
    "person-praying": "Praying",
    "person-pregnant": "Expecting a baby",
    "person-shelter": "Shelter",
    "person-walking-luggage": "Traveller",
    "person-walking-with-cane": "Walking with a white cane",
    "plane-arrival": "Plane landing",
    "plane-departure": "Plane taking off",
    "prescription-bottle": "Pill bottle",
    "prescription-bottle-medical": "Pill bottle",
    "pump-medical": "Hand sanitiser",
    "puzzle-piece": "Jigsaw piece",
    "ruler-combined": "Set square",
    "ruler-horizontal": "Ruler",
    "ruler-vertical": "Ruler",
    "satellite-dish": "Satellite dish",
    "school-flag": "School",
    "screwdriver-wrench": "Screwdriver and spanner",
    "sheet-plastic": "Plastic sheet",
    "shield-virus": "Shield against germs",
    "spray-can": "Spray can",
    "staff-snake": "Rod of Asclepius",
    "star-of-life": "Star of life",
    "street-view": "Person on a map",
    "suitcase-medical": "First-aid case",
    "suitcase-rolling": "Wheeled suitcase",
    "tablet-button": "Tablet",
    "tablet-screen-button": "Tablet",
    "tarp-droplet": "Tarpaulin",
    "teeth-open": "Open mouth",
    "temperature-high": "Thermometer",
    "temperature-low": "Thermometer",
    "toilet-portable": "Portable toilet",
    "toilets-portable": "Portable toilets",
    "tree-city": "Tree in the city",
    "trowel-bricks": "Trowel and bricks",
    "truck-droplet": "Water truck",
    "umbrella-beach": "Beach umbrella",
    "user-astronaut": "Astronaut",
    "user-clock": "Person and clock",
    "user-doctor": "Doctor",
    "user-gear": "Person and cog",
    "user-graduate": "Graduate",
    "user-group": "Group of people",
    "user-large": "Person",
    "user-ninja": "Ninja",
    "user-nurse": "Nurse",
    "user-pen": "Person with a pen",
    "user-secret": "Spy",
    "user-shield": "Person with a shield",
    "user-tag": "Name tag",
    "users-gear": "People and cog",
    "vial-virus": "Test tube with a virus",
    "virus-covid": "Coronavirus",
    "walkie-talkie": "Walkie-talkie",
    "wand-magic": "Magic wand",
    "wand-magic-sparkles": "Magic wand",
    "weight-scale": "Bathroom scales",
    "wheelchair-move": "Wheelchair user",
    "tarp": "Tarpaulin",
    "tablets": "Medicine tablets",
    "campground": "Campsite",
    "dungeon": "Dungeon gate",
    "user": "Person",
    "users": "People",
    "poo": "Poo",
    "poop": "Poo",
    "gem": "Gem",
    "water": "Waves",
    "mound": "Mound",
    "gauge": "Gauge",
    "spa": "Lotus",
    "splotch": "Splash",
    "fill": "Paint pot",
    "shrimp": "Prawn",
    "dumpster": "Skip",
    "plug": "Plug",
    "tag": "Price tag",
    "tags": "Price tags",
    "key": "Key",
    "memory": "Memory chip",
    "cart-shopping": "Shopping trolley", "bag-shopping": "Shopping bag", "basket-shopping": "Shopping basket", "hands-holding-child": "Holding a child", "child-reaching": "Child reaching up",
}
# Glyphs are drawn this many pixels to the em: 256 leaves 8 pixels per cell at 30 cells.
GLYPH_PIXELS = 256


@dataclass(frozen=True)
class Picture:
    name: str  # Font Awesome's name, the key in specs and records: "cat"
    title: str  # for the answer page: "Cat"
    themes: tuple[str, ...]  # sorted
    glyph: str  # the character in the solid font


def library_version() -> str:
    """Changes whenever the library could give a different picture for the same choice: the icon
    set, our selection, and the Pillow and FreeType that draw and shrink the glyphs (anti-aliasing
    and resampling decide the grey of edge cells, and so which cells are filled)."""
    return (
        f"{PACKAGE}-{metadata.version(PACKAGE)}+{SELECTION} "
        f"Pillow-{metadata.version('Pillow')} freetype-{features.version('freetype2')}"
    )


@cache
def pictures() -> dict[str, Picture]:
    """Every picture in the library by name, in name order."""
    folder = _static()
    # libyaml's loader when PyYAML was built with it: 0.05 s instead of 0.3 s for this file
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    categories = yaml.load((folder / "metadata" / "categories.yml").read_text(encoding="utf-8"), Loader=loader)
    icons = json.loads((folder / "metadata" / "icons.json").read_text(encoding="utf-8"))
    themes_of: dict[str, set[str]] = {}
    for theme, wanted in THEMES.items():
        for category in wanted:
            for name in categories[category]["icons"]:
                if str(name) not in MISPLACED.get(theme, ()):
                    themes_of.setdefault(str(name), set()).add(theme)
    for theme, members in BELONGS.items():
        for name in members:
            themes_of.setdefault(name, set()).add(theme)
    found = {}
    for name in sorted(themes_of):
        icon = icons.get(name)
        if icon is None or "solid" not in icon.get("free", ()) or VARIANT.search(name) or name in NOT_PICTURES | UNSUITABLE:
            continue
        found[name] = Picture(name, caption(name, icon["label"]), tuple(sorted(themes_of[name])), chr(int(icon["unicode"], 16)))
    return found


def caption(name: str, label: str) -> str:
    """The title an answer page prints: ours where Font Awesome's label reads as a catalogue
    entry, else the label in sentence case ("Ice Cream" -> "Ice cream")."""
    return CAPTIONS.get(name) or label[:1].upper() + label[1:].lower()


def names(themes: tuple[str, ...] = ()) -> list[str]:
    """The library's names in order, only those in one of `themes` when any are given."""
    unknown = [theme for theme in themes if theme not in THEMES]
    if unknown:
        raise KeyError(f"no theme {unknown[0]!r}; themes are {', '.join(THEMES)}")
    return [
        name for name, picture in pictures().items()
        if not themes or any(theme in picture.themes for theme in themes)
    ]


def pick(rng: random.Random, choices: list[str], used: set[str] | frozenset[str] = frozenset()) -> str | None:
    """One of `choices` not in `used`, chosen by rng; None when every choice is used.

    The choice depends only on the rng's state and the two sets, not on their order.
    """
    left = sorted(set(choices) - set(used))
    return rng.choice(left) if left else None


def ink(name: str) -> Image.Image:
    """The named picture as an ink image (subject 255, background 0), cropped to the subject.

    Not cached: drawing a glyph takes about 2 ms, and a book draws each picture once.
    """
    glyph = pictures()[name].glyph
    font = _font()
    left, top, right, bottom = font.getbbox(glyph)
    image = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(image).text((1 - left, 1 - top), glyph, font=font, fill=255)
    box = image.getbbox()
    assert box is not None, f"glyph {ord(glyph):x} draws nothing"
    return image.crop(box)


@cache
def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(_static() / "webfonts" / "fa-solid-900.ttf"), GLYPH_PIXELS)


def _static() -> Path:
    import fontawesomefree

    return Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree"

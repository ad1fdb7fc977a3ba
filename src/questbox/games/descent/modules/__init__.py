"""The built-in rule modules (registered on import): the quest's rules, class cards, Search
cards, hero abilities, heroic feats, the Overlord deck, the items a hero has equipped and the
quest's lieutenants, the heroes' familiars, a quest's villagers. Each is a
:class:`~questbox.games.descent.rules.RuleModule`."""

from questbox.games.descent.modules.classes import ClassesModule
from questbox.games.descent.modules.familiars import FamiliarsModule
from questbox.games.descent.modules.feats import HeroicFeats
from questbox.games.descent.modules.heroes import HeroAbilities
from questbox.games.descent.modules.items import ItemsModule
from questbox.games.descent.modules.lieutenants import LieutenantsModule
from questbox.games.descent.modules.overlord import OverlordDeck
from questbox.games.descent.modules.quest import QuestModule
from questbox.games.descent.modules.search import SearchCards
from questbox.games.descent.modules.villagers import VillagersModule
from questbox.games.descent.rules import register_module
from questbox.games.descent.skill_interrupts import Interrupts

register_module("quest", QuestModule)
register_module("classes", ClassesModule)
register_module("search", SearchCards)
register_module("heroes", HeroAbilities)
register_module("feats", HeroicFeats)
register_module("overlord", OverlordDeck)
register_module("items", ItemsModule)
register_module("lieutenants", LieutenantsModule)
register_module("interrupts", Interrupts)
register_module("familiars", FamiliarsModule)
register_module("villagers", VillagersModule)

__all__ = ["ClassesModule", "FamiliarsModule", "HeroAbilities", "HeroicFeats", "ItemsModule", "LieutenantsModule",
           "OverlordDeck", "QuestModule", "SearchCards", "VillagersModule"]

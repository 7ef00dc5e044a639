"""Content models, one per content kind; they generate the JSON Schemas."""

from __future__ import annotations

from pydantic import BaseModel

from studio.content.models.boss import BossModel
from studio.content.models.charm import CharmModel
from studio.content.models.consumable import ConsumableModel
from studio.content.models.hand_type import HandTypeModel
from studio.content.models.modifiers import EditionModel, SealModel, UpgradeModel
from studio.content.models.pack import PackModel, PatchModel
from studio.content.models.run import DeckModel, DifficultyModel, RunModel
from studio.content.models.scenario import ScenarioModel
from studio.content.models.sticker import StickerModel
from studio.content.models.tag import TagModel
from studio.content.models.voucher import VoucherModel

#: Content kind -> (folder in a content tree, model). ``run`` is one file, ``run.yaml``.
KINDS: dict[str, tuple[str, type[BaseModel]]] = {
    "hand_type": ("hands", HandTypeModel),
    "charm": ("charms", CharmModel),
    "upgrade": ("upgrades", UpgradeModel),
    "edition": ("editions", EditionModel),
    "seal": ("seals", SealModel),
    "boss": ("bosses", BossModel),
    "deck": ("decks", DeckModel),
    "difficulty": ("difficulties", DifficultyModel),
    "consumable": ("consumables", ConsumableModel),
    "voucher": ("vouchers", VoucherModel),
    "tag": ("tags", TagModel),
    "sticker": ("stickers", StickerModel),
    "run": ("run.yaml", RunModel),
    "scenario": ("tests", ScenarioModel),
    "pack": ("pack.yaml", PackModel),
    "patch": ("patches", PatchModel),
}
#: The kinds that define entries of the game (not tests, manifests or patches).
ENTRY_KINDS = tuple(k for k in KINDS if k not in ("scenario", "pack", "patch"))
FOLDER_KINDS = {folder: kind for kind, (folder, _) in KINDS.items()}

__all__ = [
    "ENTRY_KINDS",
    "FOLDER_KINDS",
    "KINDS",
    "BossModel",
    "CharmModel",
    "ConsumableModel",
    "DeckModel",
    "DifficultyModel",
    "EditionModel",
    "HandTypeModel",
    "PackModel",
    "PatchModel",
    "RunModel",
    "ScenarioModel",
    "SealModel",
    "StickerModel",
    "TagModel",
    "UpgradeModel",
    "VoucherModel",
]

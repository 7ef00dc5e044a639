"""The shop of the playtest (offers to buy, open or buy as a voucher; reroll; leave) and an open pack
(options to take, or skip the rest). Each button asks for one of the engine's action records."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.app import palette
from studio.app.forms.flow import FlowLayout
from studio.app.playtest_tiles import ItemTile
from studio.engine.cards import Card
from studio.engine.run.actions import Action, Buy, BuyVoucher, Choose, LeaveShop, OpenBooster, Reroll
from studio.engine.run.game import Game
from studio.engine.run.shop import booster_def, reroll_cost
from studio.engine.run.state import Dress, Offer

#: What a tile shows: its item (a card, or a name), caption, button text, tooltip and edition.
Look = tuple[Card | str, str, str, str, str | None]
#: The button of each kind of offer, and the action it asks for.
BUTTONS: dict[str, tuple[str, type[Buy | BuyVoucher | OpenBooster]]] = {
    "charm": ("Buy", Buy),
    "consumable": ("Buy", Buy),
    "pack": ("Open", OpenBooster),
    "voucher": ("Buy voucher", BuyVoucher),
}


class ShopView(QWidget):
    """The shop's offers, or the open pack's options, as tiles; emits ``action`` with an action record."""

    action = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setObjectName("playtestShopTitle")
        self.title.setWordWrap(True)
        #: The tiles shown, one per offer or option.
        self.tiles: list[ItemTile] = []
        #: Every tile made: those shown, then those a larger shop or pack showed, kept hidden for reuse.
        self._made: list[ItemTile] = []
        #: What each tile's button asks for (None: sold or taken, the button disabled).
        self._actions: list[Action | None] = []
        #: The tiles, wrapped onto more lines when the dock is narrow: a shop of many slots (a voucher at
        #: its end) is seen whole, never scrolled sideways out of sight.
        self.strip = QWidget()
        # Where the focus goes from a tile's button that its own click disables (a buy, a take): Qt would
        # hand it to the next tile's button, and a second Space or Enter would buy that too.
        self.strip.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.row = FlowLayout(self.strip)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.reroll_button = QPushButton(palette.icon("fa5s.sync"), "Reroll")
        self.reroll_button.setObjectName("playtestReroll")
        self.reroll_button.clicked.connect(lambda: self.action.emit(Reroll()))
        self.leave_button = QPushButton(palette.icon("fa5s.sign-out-alt"), "Leave shop")
        self.leave_button.setObjectName("playtestLeave")
        self.leave_button.clicked.connect(lambda: self.action.emit(LeaveShop()))
        self.skip_pack = QPushButton(palette.icon("fa5s.forward"), "Skip the rest")
        self.skip_pack.setObjectName("playtestSkipPack")
        self.skip_pack.setToolTip("Close the pack without taking more")
        self.skip_pack.clicked.connect(lambda: self.action.emit(Choose(None)))
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(4)
        v.addWidget(self.title)
        v.addWidget(self.strip)
        buttons = QHBoxLayout()
        for b in (self.reroll_button, self.leave_button, self.skip_pack):
            buttons.addWidget(b)
        buttons.addStretch(1)
        v.addLayout(buttons)
        v.addStretch(1)

    def set_game(self, game: Game) -> None:
        """Show the shop, or the pack open over it."""
        s = game.state
        in_booster = s.phase == "pack" and s.booster is not None
        for b in (self.reroll_button, self.leave_button):
            b.setVisible(not in_booster)
        self.skip_pack.setVisible(in_booster)
        if in_booster:
            self._show(self._booster(game))
        elif s.shop is not None:
            cost = reroll_cost(s, game.setup)
            self.reroll_button.setText(f"Reroll (${cost})")
            self.title.setText(f"<b>Shop</b> · ${s.money} to spend")
            self._show(
                [
                    (_offer_look(game, offer), None if offer.sold else BUTTONS[offer.kind][1](i))
                    for i, offer in enumerate(s.shop.offers)
                ]
            )
        else:
            self._show([])

    def _booster(self, game: Game) -> list[tuple[Look, Action | None]]:
        """Title the open pack; return its options' looks and the action each takes (None: taken)."""
        s = game.state
        booster = s.booster
        assert booster is not None
        cat = game.setup.catalog
        name = booster.id.replace("_", " ")
        self.title.setText(
            f"<b>{name.capitalize()}</b> · take {booster.picks_left} more of {len(booster.options)}"
            " (or skip the rest)"
        )
        names = {t.id: t.name or t.id for t in cat.hand_types}
        looks: list[tuple[Look, Action | None]] = []
        for i, option in enumerate(booster.options):
            dress = booster.dress[i] if i < len(booster.dress) else Dress()
            item: Card | str = option
            tip = option
            if booster.kind == "cards":
                item = cat.cards(option)[0]
            elif booster.kind == "charms" and option in cat.charms:
                item, tip = cat.charms[option].name or option, cat.charms[option].description
            elif booster.kind == "levels":
                item, tip = names.get(option, option), f"+1 level of {names.get(option, option)}"
            elif option in cat.consumables:
                item, tip = cat.consumables[option].name or option, cat.consumables[option].description
            taken = i in booster.taken
            kind = {"cards": "card", "charms": "charm", "levels": "level"}.get(booster.kind, "consumable")
            caption = "taken" if taken else " ".join([kind, *_dress_words(dress)])
            looks.append(((item, caption, "Take", tip, dress.edition), None if taken else Choose(i)))
        return looks

    def _show(self, looks: list[tuple[Look, Action | None]]) -> None:
        """Show one tile per look, each button asking for its action (None: disabled).

        Tiles are made once and given each new look: a refresh after each click made every tile again, a
        millisecond and more each. Those a smaller shop or pack leaves over wait, hidden and out of the
        flow, for a larger one.
        """
        for spare in self.tiles[len(looks) :]:
            self.row.removeWidget(spare)
            spare.hide()
        # A widget shown in sight lays out every widget above it, up to the window: the strip is hidden
        # while its new tiles are shown, then shown with them, once.
        regrow = len(looks) > len(self.tiles) and self.strip.isVisible()
        if regrow:
            self.strip.hide()
        for i in range(len(self.tiles), min(len(looks), len(self._made))):
            self.row.addWidget(self._made[i])
            self._made[i].show()
        for i in range(len(self._made), len(looks)):
            tile = ItemTile(*looks[i][0])
            tile.button.setObjectName(f"playtestItem_{i}")
            tile.chosen.connect(lambda i=i: self._chosen(i))
            self.row.addWidget(tile)  # as tall as the tallest, its button at the foot
            tile.show()
            self._made.append(tile)
        self.tiles = self._made[: len(looks)]
        self._actions = [action for _look, action in looks]
        focused = QApplication.focusWidget()
        for tile, (look, action) in zip(self.tiles, looks, strict=True):
            tile.set_item(*look)
            if action is None and tile.button is focused:
                self.strip.setFocus(Qt.FocusReason.OtherFocusReason)
            tile.button.setEnabled(action is not None)
        if regrow:  # laid out with the tiles' new captions
            self.strip.show()  # at once, not at the layout's next turn: a click may come before it

    def _chosen(self, index: int) -> None:
        action = self._actions[index]
        if action is not None:
            self.action.emit(action)


def _offer_look(game: Game, offer: Offer) -> Look:
    """A shop slot's look: its item named, price, edition and stickers, and what it is or does."""
    cat = game.setup.catalog
    name, tip = offer.item, offer.item
    if offer.kind == "charm" and offer.item in cat.charms:
        charm = cat.charms[offer.item]
        name, tip = charm.name or offer.item, f"{charm.rarity} charm: {charm.description}"
    elif offer.kind == "consumable" and offer.item in cat.consumables:
        held = cat.consumables[offer.item]
        name, tip = held.name or offer.item, held.description
    elif offer.kind == "voucher" and offer.item in cat.vouchers:
        voucher = cat.vouchers[offer.item]
        name, tip = voucher.name or offer.item, f"Voucher: {voucher.description}"
    elif offer.kind == "pack":
        booster = booster_def(game.setup, offer.item)
        name = offer.item.replace("_", " ")
        tip = f"{booster.size} {booster.kind} to see, take {booster.picks}"
    words = _dress_words(Dress(offer.edition, offer.stickers))
    caption = f"{offer.kind} · " + ("sold" if offer.sold else " ".join([f"${offer.price}", *words]))
    button = BUTTONS[offer.kind][0]
    return name, caption, button, f"{name} ({offer.kind}, {offer.item}): {tip}", offer.edition


def _dress_words(dress: Dress) -> list[str]:
    """An edition and stickers as short words (the edition is also the tile's frame)."""
    return [w for w in (dress.edition or "", *dress.stickers) if w]

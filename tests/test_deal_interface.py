"""The deal's interface for the modules it conducts: no phase or mechanism (nor the scoring of a played deal)
writes a deal's fields, and none calls a private method of the deal that its module's protocol does not list.

Each module under ``referee/phases`` and ``referee/mechanisms`` that works on a deal reaches it through a narrow
interface written down in the module as a :class:`typing.Protocol` (``ClaimView`` in
:mod:`referee.phases.claims`, ...; their common base ``DealState`` in :mod:`referee.phases.view`): read-only
properties for what it reads, and the few methods it calls. The functions take the compiled
:class:`~referee.engine.Deal` itself (its fields are then native reads, not Python attribute lookups), so this
test holds them to the protocol: every name a function of such a module reads or calls of its ``deal`` is one
its protocols list, and a private method (``deal._take_rest(...)``) only where they list it. mypy checks that
the deal has all of it (each module's ``_deal_is_...(deal: Deal) -> View``).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from test_phases import assigned  # what an assignment writes, tuples unpacked

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "referee" / "phases", ROOT / "referee" / "mechanisms")
ENGINE = ROOT / "referee" / "engine.py"


def _is_protocol(node: ast.ClassDef) -> bool:
    return any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases)


def _annotation_names(annotation: ast.expr | None) -> set[str]:
    """The plain names an annotation mentions (``Deal``, ``ClaimView | None``)."""
    if annotation is None:
        return set()
    return {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}


def _is_property(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list)


def _protocols(tree: ast.Module) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and _is_protocol(n)}


def _views_in(tree: ast.Module) -> set[str]:
    """The module's protocols that stand for a deal: annotating a parameter named ``deal``, or returned for one
    (``def _deal_is_claimview(deal: Deal) -> ClaimView``, where mypy checks that the deal has what it lists)."""
    protocols = set(_protocols(tree))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.arg == "deal":
            out |= _annotation_names(node.annotation) & protocols
        if isinstance(node, ast.FunctionDef) and any(a.arg == "deal" for a in node.args.args):
            out |= _annotation_names(node.returns) & protocols
    return out


@functools.cache
def _all_views() -> frozenset[str]:
    """Every protocol that stands for a deal: one annotating a parameter named ``deal`` in some module (not, say,
    the registry's protocol of a mechanism module), and the protocols those build on (``DealState``)."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in _modules()]
    protocols = {name: node for tree in trees for name, node in _protocols(tree).items()}
    views = {name for tree in trees for name in _views_in(tree)}
    todo = list(views)
    while todo:
        for base in protocols[todo.pop()].bases:
            if isinstance(base, ast.Name) and base.id in protocols and base.id not in views:
                views.add(base.id)
                todo.append(base.id)
    return frozenset(views)


def deal_views(tree: ast.Module) -> set[str]:
    """The module's protocols that stand for a deal (see :func:`_all_views`)."""
    return (set(_protocols(tree)) & _all_views()) | _views_in(tree)


def protocol_members(tree: ast.Module, properties: bool) -> set[str]:
    """The names the module's deal views list: their methods (the deal's methods the module may call), or with
    ``properties`` what they read."""
    views = deal_views(tree)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in views:
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_property(item) == properties:
                    out.add(item.name)
    return out


def protocol_privates(tree: ast.Module) -> set[str]:
    """The private methods (``_x``, not dunders) the module's protocols list: the deal's it may call."""
    return {name for name in protocol_members(tree, False) if _private(name)}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _base_name(target: ast.expr) -> ast.Attribute | None:
    """The ``name.attr`` an assignment target writes through (``deal.x``, ``deal.x[i]``), or None."""
    while isinstance(target, ast.Subscript):
        target = target.value
    return target if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) else None


def breaches(path: Path) -> list[str]:
    """``line: what`` for every write to a deal's field and every call of a private deal method the module's
    protocols do not list."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    views = deal_views(tree) | {"Deal"}
    allowed = protocol_privates(tree)
    found: list[tuple[int, str]] = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        args = func.args
        deals = {
            a.arg
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
            if a.arg == "deal" or _annotation_names(a.annotation) & views
        }
        if not deals:
            continue
        for node in ast.walk(func):
            for target in assigned(node):
                written = _base_name(target)
                if written is not None and isinstance(written.value, ast.Name) and written.value.id in deals:
                    found.append(
                        (target.lineno, f"{path.name}:{target.lineno}: writes {written.value.id}.{written.attr}")
                    )
            if isinstance(node, ast.Call):
                callee = node.func
                if isinstance(callee, ast.Name) and callee.id in ("setattr", "delattr") and node.args:
                    first = node.args[0]
                    if isinstance(first, ast.Name) and first.id in deals:
                        found.append((node.lineno, f"{path.name}:{node.lineno}: {callee.id} on {first.id}"))
                if (
                    isinstance(callee, ast.Attribute)
                    and isinstance(callee.value, ast.Name)
                    and callee.value.id in deals
                    and _private(callee.attr)
                    and callee.attr not in allowed
                ):
                    found.append((node.lineno, f"{path.name}:{node.lineno}: calls {callee.value.id}.{callee.attr}()"))
    return [text for _, text in sorted(set(found))]


@functools.cache
def _view_members() -> dict[str, frozenset[str]]:
    """Per deal view, every name it lists, its bases' too (``ClaimView``: its own and ``DealState``'s)."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in _modules()]
    protocols = {name: node for tree in trees for name, node in _protocols(tree).items()}

    def members(name: str) -> set[str]:
        node = protocols[name]
        out = {item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for base in node.bases:
            if isinstance(base, ast.Name) and base.id in protocols:
                out |= members(base.id)
        return out

    return {name: frozenset(members(name)) for name in _all_views()}


def outside_views(path: Path) -> list[str]:
    """``line: deal.x`` for every name a function of a module with a deal view reads or calls of its ``deal``
    that none of the module's views lists (the functions take the compiled ``Deal`` for speed: the views are
    what they may use)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    views = set(_protocols(tree)) & _all_views()
    if not views:
        return []
    listed = set().union(*(_view_members()[v] for v in views))
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or func.name.startswith("_deal_is_"):
            continue
        if not any(a.arg == "deal" for a in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]):
            continue
        for node in ast.walk(func):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "deal"
                and node.attr not in listed
            ):
                found.append((node.lineno, f"{path.name}:{node.lineno}: deal.{node.attr}"))
    return [text for _, text in sorted(set(found))]


def test_a_module_with_a_deal_view_uses_only_what_its_views_list() -> None:
    assert [b for path in _modules() for b in outside_views(path)] == []


def _modules() -> list[Path]:
    """The modules checked: the phases, the mechanisms, the rounds of bidding, and the scoring of a played deal."""
    return [
        *sorted(p for folder in FOLDERS for p in folder.glob("*.py")),
        ROOT / "referee" / "auction.py",
        ROOT / "referee" / "scoring.py",
    ]


def test_no_phase_or_mechanism_writes_the_deal_or_calls_what_its_protocol_does_not_list() -> None:
    assert [b for path in _modules() for b in breaches(path)] == []


def test_every_private_method_a_protocol_lists_is_the_deals() -> None:
    """A protocol names only what the deal has (a private method renamed on the deal must be renamed there)."""
    engine = ast.parse(ENGINE.read_text(encoding="utf-8"))
    deal = next(n for n in engine.body if isinstance(n, ast.ClassDef) and n.name == "Deal")
    methods = {n.name for n in deal.body if isinstance(n, ast.FunctionDef)}
    fields = {
        t.attr
        for n in ast.walk(deal)
        if isinstance(n, (ast.Assign, ast.AnnAssign))
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        for t in (t.elts if isinstance(t, ast.Tuple) else [t])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }
    trees = {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(encoding="utf-8")) for path in _modules()}
    private = {(module, name) for module, tree in trees.items() for name in protocol_privates(tree)}
    read = {(module, name) for module, tree in trees.items() for name in protocol_members(tree, True)}
    assert ("referee/phases/claims.py", "_take_rest") in private
    assert {name for module, name in read if module == "referee/phases/view.py"} >= {"phase", "plan", "_winners"}
    assert {(module, name) for module, name in private if name not in methods} == set()
    assert {(module, name) for module, name in read if name not in fields | methods} == set()


#: The rounds of bidding and the bid phase that conducts them.
BIDDING = (
    "referee/auction.py",
    "referee/phases/auction.py",
    "referee/mechanisms/contracts.py",
    "referee/mechanisms/compulsory_solo.py",
)


def test_the_bidding_reaches_the_deal_through_its_views_and_changes_it_through_the_bid_phase_module() -> None:
    """The rounds of bidding (referee/auction.py's, the contracts' and the compulsory solos' rounds) and the bid
    phase read the deal through views of their own (so the checks above cover them), and call no private method
    of it: what they decide, referee/phases/bidding.py makes of the deal through the changes its Bidder lists."""
    trees = {module: ast.parse((ROOT / module).read_text(encoding="utf-8")) for module in BIDDING}
    for module, tree in trees.items():
        assert deal_views(tree), module
        assert protocol_privates(tree) == set(), module
    bidding = ast.parse((ROOT / "referee" / "phases" / "bidding.py").read_text(encoding="utf-8"))
    assert deal_views(bidding) == {"BidState", "Bidder"}
    assert protocol_privates(bidding) >= {"_settle", "_record_bid", "_go_alone", "_settle_contract", "_partner_found"}


def test_the_check_finds_writes_and_private_calls(tmp_path: Path) -> None:
    source = tmp_path / "phase.py"
    source.write_text(
        "from typing import Protocol\n"
        "class View(Protocol):\n"
        "    def _allowed(self) -> None: ...\n"
        "def act(deal):\n"
        "    deal.maker = 1\n"
        "    deal.bids[0], n = 3, 4\n"
        "    deal._allowed()\n"
        "    deal._secret()\n"
        "def other(deal: View, table: View, n: int):\n"
        "    table._gone |= n\n"
        "    setattr(table, 'phase', 'done')\n"
        "    n._private()\n"
    )
    assert [b.split(": ", 1)[1] for b in breaches(source)] == [
        "writes deal.maker",
        "writes deal.bids",
        "calls deal._secret()",
        "writes table._gone",
        "setattr on table",
    ]

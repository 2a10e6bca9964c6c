"""The markup tree: a page's code left unread until a walk needs it, written back byte for byte."""

from __future__ import annotations

from rulesite.markup import UNREAD, Element, Text, Unread, parse

CODE = ('<div class="highlight"><pre><code><span class="n">x</span> &amp;= <span class="c1"># §fire</span>'
        '</code></pre></div><p id="a">See <code>§a</code> <em>now</em></p>')


def test_code_is_unread_until_a_walk_looks_for_what_it_holds() -> None:
    """The code's spans stay one piece of markup; a walk for a tag or text it holds reads them."""
    tree = parse(CODE, UNREAD)
    code = next(tree.iter("code"))
    assert [type(child) for child in code.children] == [Unread]
    assert [e.tag for e in tree.iter("em")] == ["em"]  # no ``<em`` in the code: still unread
    assert [type(child) for child in code.children] == [Unread]
    assert [node.raw for node in tree.texts(holding="§")] == ["# §fire", "§a"]
    assert [e.tag for e in code.iter()] == ["code", "span", "span"]


def test_a_tree_with_unread_code_writes_the_markup_as_read_and_as_changed() -> None:
    """Unchanged, the page is written as read; a change inside the code is written, the rest kept."""
    assert parse(CODE, UNREAD).html == CODE
    tree = parse(CODE, UNREAD)
    node = next(tree.texts(holding="§fire"))
    assert isinstance(node, Text) and node.parent is not None
    node.parent.replace(node, Text("# "), Element.new("a", {"href": "#fire"}, "§fire"))
    assert tree.html == CODE.replace("# §fire", '# <a href="#fire">§fire</a>')


def test_ids_and_links_inside_code_are_found() -> None:
    """A walk for an attribute's markup reads the code that holds it."""
    tree = parse('<pre><code><a id="l1" href="x.md#y">1</a></code></pre>', UNREAD)
    assert [e.get("id") for e in tree.iter(holding="id=") if e.get("id")] == ["l1"]

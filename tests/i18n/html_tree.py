"""A small HTML tree from the standard library's parser, enough to inspect
the help pages (no third-party HTML library is needed for the tests)."""

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    __slots__ = ("tag", "attrs", "children", "parent")

    def __init__(self, tag, attrs=None, parent=None):
        self.tag = tag
        self.attrs = dict(attrs or {})
        self.children = []  # Nodes and str
        self.parent = parent

    def iter(self, tag=None):
        """Every element below this one, in document order."""
        for child in self.children:
            if isinstance(child, Node):
                if tag is None or child.tag == tag:
                    yield child
                yield from child.iter(tag)

    def find_all(self, tag=None, **attrs):
        """Elements with ``tag`` whose attributes equal ``attrs`` (class_ matches one class)."""
        out = []
        for node in self.iter(tag):
            ok = True
            for name, value in attrs.items():
                if name == "class_":
                    ok = ok and value in node.attrs.get("class", "").split()
                else:
                    ok = ok and node.attrs.get(name.replace("_", "-")) == value
            if ok:
                out.append(node)
        return out

    def find(self, tag=None, **attrs):
        found = self.find_all(tag, **attrs)
        return found[0] if found else None

    def text(self):
        parts = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.text())
        return "".join(parts)

    def __repr__(self):
        return "<%s %r>" % (self.tag, self.attrs)


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document")
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(text):
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root

"""The public C++ API as Doxygen's XML describes it: every public declaration (classes, structs,
unions, their public members and nested types, free functions, enums and their enumerators, type
aliases, variables and constants) of the public headers, with its header, line and description.

Shared by generate_api_pages.py (one page per namespace and per class) and check_api_reference.py
(which fails on an undocumented declaration). Doxygen runs with EXTRACT_ALL = YES (docs/Doxyfile),
so undocumented declarations are in the XML too; a declaration counts as documented when its
brief or detailed description has text. Not counted: deleted functions (`= delete`, not callable),
friend declarations (documented where they are defined) and anything in a namespace named
`detail` (implementation details by convention).
"""
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Dict, List, Optional

MEMBER_KINDS = ("function", "variable", "typedef", "enum")
CLASS_KINDS = ("class", "struct", "union")


@dataclass
class Declaration:
    """One public declaration."""
    kind: str          # class, struct, union, function, variable, typedef, enum, enumerator
    name: str          # fully qualified, e.g. nsd::filippov::Codim2Result::directions
    header: str        # the header relative to src, e.g. nsdkit/filippov/codim2.hpp
    line: int
    refid: str         # Doxygen's id (also the HTML anchor Breathe writes)
    brief: str         # the description's first sentence as plain text ('' if undocumented)
    documented: bool
    args: str = ""     # a function's parameter list as declared, e.g. (double x, int n) const
    params: List[str] = field(default_factory=list)  # a function's parameter types

    @property
    def short_name(self):
        return self.name.split("::")[-1] if "operator" not in self.name else \
            self.name[self.name.rfind("::", 0, self.name.find("operator")) + 2:]

    def where(self):
        return f"{self.header}:{self.line}"


@dataclass
class ClassDoc:
    """A namespace-level class, struct or union with its public members and nested types."""
    decl: Declaration
    members: List[Declaration] = field(default_factory=list)


@dataclass
class NamespaceDoc:
    """A namespace: its description, namespace-level classes and other members."""
    name: str
    refid: str
    brief: str
    classes: List[ClassDoc] = field(default_factory=list)
    members: List[Declaration] = field(default_factory=list)

    def declarations(self):
        """Every public declaration of the namespace, classes and their members included."""
        result = []
        for c in self.classes:
            result += [c.decl] + c.members
        return result + self.members


def text_of(element) -> str:
    """The plain text of a description element (whitespace collapsed)."""
    if element is None:
        return ""
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def first_sentence(text: str) -> str:
    match = re.match(r"(.+?[.!?])(\s+[A-Z]|$)", text)
    sentence = match.group(1) if match else text
    return sentence if len(sentence) <= 200 else sentence[:197].rstrip() + "..."


def prose_of(description) -> str:
    """The text of a description's first paragraph without its parameter lists and sections
    (@param, @return, @throws), for a one-line summary."""
    para = description.find("para") if description is not None else None
    if para is None:
        return ""
    parts = [para.text or ""]
    for child in para:
        if child.tag not in ("parameterlist", "simplesect"):
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def describe(element):
    """(brief sentence, documented) of a memberdef, compounddef or enumvalue element."""
    brief = text_of(element.find("briefdescription"))
    detailed = text_of(element.find("detaileddescription"))
    summary = brief or prose_of(element.find("detaileddescription")) or detailed
    return first_sentence(summary), bool(brief or detailed)


def relative_header(location: str) -> str:
    """A Doxygen location (relative to src with STRIP_FROM_PATH = src, or absolute) as
    nsdkit/<component>/<file>."""
    location = location.replace(os.sep, "/")
    index = location.rfind("/src/nsdkit/")
    if index >= 0:
        return location[index + len("/src/"):]
    return location


def _declaration(element, kind, name, header, line) -> Declaration:
    brief, documented = describe(element)
    args = element.findtext("argsstring") or ""
    params = [re.sub(r"\s+", " ", text_of(p.find("type"))) for p in element.findall("param")]
    return Declaration(kind, name, header, line, element.get("id"), brief, documented, args,
                       params)


def _location(element):
    location = element.find("location")
    return relative_header(location.get("file")), int(location.get("line") or 0)


def _counted_member(member) -> bool:
    kind = member.get("kind")
    if kind not in MEMBER_KINDS or member.get("prot", "public") != "public":
        return False
    args = (member.findtext("argsstring") or "").replace(" ", "")
    return not (kind == "function" and args.endswith("=delete"))


def _members(compound, scope, headers) -> List[Declaration]:
    result = []
    for member in compound.iter("memberdef"):
        if not _counted_member(member):
            continue
        header, line = _location(member)
        if header not in headers:
            continue
        name = f"{scope}::{member.findtext('name')}"
        result.append(_declaration(member, member.get("kind"), name, header, line))
        for value in member.findall("enumvalue"):
            value_name = f"{name}::{value.findtext('name')}"
            brief, documented = describe(value)
            result.append(Declaration("enumerator", value_name, header, line, value.get("id"),
                                      brief, documented))
    return result


class DoxygenXml:
    """Reads the XML folder once; compounds parsed on demand."""

    def __init__(self, xml_dir: str):
        self.xml_dir = xml_dir
        index_path = os.path.join(xml_dir, "index.xml")
        if not os.path.isfile(index_path):
            raise FileNotFoundError(f"no Doxygen XML index at '{index_path}' (run doxygen first)")
        self.index = ET.parse(index_path).getroot()
        self._cache: Dict[str, ET.Element] = {}

    def compound(self, refid: str) -> ET.Element:
        if refid not in self._cache:
            root = ET.parse(os.path.join(self.xml_dir, refid + ".xml")).getroot()
            self._cache[refid] = root.find("compounddef")
        return self._cache[refid]

    def _class(self, refid, headers) -> Optional[ClassDoc]:
        compound = self.compound(refid)
        header, line = _location(compound)
        if header not in headers:
            return None
        name = compound.findtext("compoundname")
        doc = ClassDoc(_declaration(compound, compound.get("kind"), name, header, line))
        doc.members = _members(compound, name, headers)
        for inner in compound.findall("innerclass"):
            if inner.get("prot", "public") == "public":
                nested = self._class(inner.get("refid"), headers)
                if nested is not None:
                    doc.members += [nested.decl] + nested.members
        return doc

    def namespaces(self, headers) -> List[NamespaceDoc]:
        """The namespaces with at least one declaration in the given headers (a set of paths
        nsdkit/<component>/<file>), sorted by name; `detail` namespaces left out."""
        result = []
        for entry in self.index.findall("compound"):
            if entry.get("kind") != "namespace":
                continue
            compound = self.compound(entry.get("refid"))
            name = compound.findtext("compoundname")
            if "detail" in name.split("::"):
                continue
            brief, _ = describe(compound)
            namespace = NamespaceDoc(name, entry.get("refid"), brief)
            for inner in compound.findall("innerclass"):
                doc = self._class(inner.get("refid"), headers)
                if doc is not None:
                    namespace.classes.append(doc)
            namespace.members = _members(compound, name, headers)
            if namespace.classes or namespace.members:
                namespace.classes.sort(key=lambda c: c.decl.name)
                result.append(namespace)
        return sorted(result, key=lambda n: n.name)

    def file_brief(self, header: str) -> str:
        for entry in self.index.findall("compound"):
            if entry.get("kind") == "file":
                compound = self.compound(entry.get("refid"))
                if relative_header(compound.find("location").get("file")) == header:
                    return describe(compound)[0]
        return ""


def global_declarations(xml_dir: str, headers) -> List[Declaration]:
    """Declarations of the given headers outside every namespace (Doxygen lists them only under
    their file): the public API lives in namespace nsd, so the check refuses them."""
    xml = DoxygenXml(xml_dir)
    headers = set(headers)
    result = []
    for entry in xml.index.findall("compound"):
        if entry.get("kind") != "file":
            continue
        compound = xml.compound(entry.get("refid"))
        for member in compound.iter("memberdef"):
            header, line = _location(member)
            if header in headers and member.get("kind") in MEMBER_KINDS:
                result.append(_declaration(member, member.get("kind"), member.findtext("name"),
                                           header, line))
    return result


def public_declarations(xml_dir: str, headers) -> List[Declaration]:
    """Every public declaration of the given headers (paths nsdkit/<component>/<file>)."""
    headers = set(headers)
    result = []
    for namespace in DoxygenXml(xml_dir).namespaces(headers):
        result += namespace.declarations()
    return result


def undocumented(xml_dir: str, headers) -> List[Declaration]:
    """The public declarations without a brief or detailed description, by header and line."""
    return sorted((d for d in public_declarations(xml_dir, headers) if not d.documented),
                  key=lambda d: (d.header, d.line, d.name))

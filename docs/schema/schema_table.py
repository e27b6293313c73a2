#!/usr/bin/env python3
"""Prints the Markdown tables of the case-file fields from validation_case.schema.json.

docs/validation.md holds this output between `<!-- case-schema-table:begin -->` and
`<!-- case-schema-table:end -->`; tests/validation/test_case_schema.py checks that it is the same.

    python3 docs/schema/schema_table.py [SCHEMA]   # default: the schema next to this script
"""
import json
import os
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "validation_case.schema.json")
BEGIN = "<!-- case-schema-table:begin -->"
END = "<!-- case-schema-table:end -->"

# How the shared definitions read in the type column.
REF_TYPES = {
    "vector3": "[3 numbers]",
    "positive_vector3": "[3 numbers > 0]",
    "quaternion": "[4 numbers]",
    "matrix3": "3 × 3 numbers",
}


def resolve(schema, node):
    """The definition a `$ref` points to (the node itself otherwise)."""
    ref = node.get("$ref")
    if not ref:
        return node
    return schema["$defs"][ref.split("/")[-1]]


def ref_name(node):
    return node.get("$ref", "").split("/")[-1]


def type_text(schema, node):
    if "const" in node:
        return f'"{node["const"]}"'
    if "enum" in node:
        return " | ".join(f'"{v}"' for v in node["enum"])
    if ref_name(node) in REF_TYPES:
        return REF_TYPES[ref_name(node)]
    if "oneOf" in node:
        return " or ".join(type_text(schema, option) for option in node["oneOf"])
    node = resolve(schema, node)
    types = node.get("type")
    if isinstance(types, list):
        return " or ".join(type_text(schema, dict(node, type=t)) for t in types)
    if types == "number":
        if "exclusiveMinimum" in node:
            return f"number > {node['exclusiveMinimum']}"
        if node.get("minimum") == 0:
            return "number ≥ 0"
        return "number"
    if types == "integer":
        return "integer ≥ 0" if node.get("minimum") == 0 else "integer"
    if types == "array":
        items = resolve(schema, node.get("items", {}))
        if items.get("type") == "object":
            return f"array of objects ({node.get('minItems', 0)}–{node.get('maxItems', '…')})"
        if "enum" in items:
            return f"array of {type_text(schema, items)} (at least {node.get('minItems', 0)})"
        return "array"
    return types or "any"


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def rows(schema, node, path, label=""):
    """(field, type, description) of every field under `node`, depth first in schema order."""
    out = []
    node = resolve(schema, node)
    for key, child in node.get("properties", {}).items():
        field = f"{path}{key}"
        target = resolve(schema, child)
        description = child.get("description") or target.get("description", "")
        out.append((f"`{field}`{label}", type_text(schema, child), description))
        if target.get("type") == "object" and "properties" in target:
            out += rows(schema, target, field + ".", label)
        elif target.get("type") == "array" and resolve(schema, target.get("items", {})).get(
                "type") == "object":
            out += rows(schema, resolve(schema, target["items"]), field + "[].", label)
    return out


def field_table(schema):
    lines = ["| Field | Type | Description (unit, frame) |", "|---|---|---|"]
    entries = []
    for field, kind, description in rows(schema, schema, ""):
        entries.append((field, kind, description))
        if field == "`model`":
            entries += rows(schema, schema["$defs"]["trough_model"], "model.", " (trough)")
            entries += rows(schema, schema["$defs"]["one_plane_model"], "model.", " (one plane)")
    lines += [f"| {f} | {cell(k)} | {cell(d)} |" for f, k, d in entries]
    return lines


def family_table(schema):
    """Per family: shape, planes, modes and the expectations the judge reads (from the allOf)."""
    numeric = [k for k, v in schema["$defs"]["expected"]["properties"].items()
               if "null" in (v.get("type") or []) and "number" in (v.get("type") or [])]
    lines = ["| family | shape | planes | modes | numbers judged (others null) |",
             "|---|---|---|---|---|"]
    for branch in schema["allOf"]:
        family = branch["if"]["properties"]["family"]["const"]
        then = branch["then"]["properties"]
        scene, expected = then["scene"]["properties"], then["expected"]["properties"]
        planes = scene["planes"]["minItems"]
        modes = ", ".join(expected["modes"]["items"]["enum"])
        judged = ", ".join(f"`{k}`" for k in numeric if k not in expected)
        lines.append(f"| {family} | {scene['shape']['const']} | {planes} | {modes} | {judged} |")
    return lines


def table(schema):
    return "\n".join(field_table(schema) + [""] + family_table(schema)) + "\n"


def main(argv):
    path = argv[1] if len(argv) > 1 else SCHEMA
    with open(path, encoding="utf-8") as f:
        sys.stdout.write(table(json.load(f)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

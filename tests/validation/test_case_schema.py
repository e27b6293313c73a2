"""The published case schema (docs/schema/validation_case.schema.json) against the case files
`nsdkit validate --export-cases` writes: every file of every family and index.json validate, the
schema rejects broken files (so this test can fail), no field is a placeholder, and the field
table of docs/validation.md is the one docs/schema/schema_table.py prints from the schema.

Run by ctest (validation_case_schema_test) with NSDKIT_CLI naming the nsdkit binary; needs
Debian's python3-jsonschema and python3-pytest.
"""
import copy
import hashlib
import importlib.util
import json
import os
import subprocess

import jsonschema
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA_PATH = os.path.join(ROOT, "docs", "schema", "validation_case.schema.json")
TABLE_SCRIPT = os.path.join(ROOT, "docs", "schema", "schema_table.py")
DOC = os.path.join(ROOT, "docs", "validation.md")
FAMILIES = {"trough", "incline", "launch", "creep", "block", "rattleback"}

# The expectations the judge reads per family (judge.cpp, checkAgainstReference: a number is
# compared only when finite; the rattleback's by rattleback_metric.hpp). Every other number of
# `expected` must be null: a non-null value the judge ignores would be a placeholder.
JUDGED = {
    "trough": {"acceleration_m_s2", "rolling_onset_s", "final_speed_m_s"},
    "incline": {"acceleration_m_s2", "spin_rad_s", "drilling_spin_rad_s"},
    "launch": {"rolling_onset_s", "final_speed_m_s", "spin_rad_s"},
    "creep": {"acceleration_m_s2", "spin_rad_s"},
    "block": {"acceleration_m_s2", "stop_distance_m", "stop_time_s"},
    "rattleback": {"mean_spin_reversal_s", "turned_angle_rad", "spin_after_reversal_rad_s"},
}
# Directions and labels that go with a judged number (null with it).
AXES = {"acceleration_axis": "acceleration_m_s2", "spin_axis": "spin_rad_s",
        "drilling_axis": "drilling_spin_rad_s"}
NON_NUMERIC = {"modes", "metric", "reference", "acceleration_window", "exact_rest",
               "measure_heading"}


def strict_load(path):
    """JSON as the standard has it: NaN and Infinity literals are refused."""
    def refuse(name):
        raise ValueError(f"{path}: non-standard JSON constant {name}")
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_constant=refuse)


@pytest.fixture(scope="module")
def schema():
    s = strict_load(SCHEMA_PATH)
    jsonschema.Draft202012Validator.check_schema(s)
    return s


@pytest.fixture(scope="module")
def validators(schema):
    index_schema = {"$schema": schema["$schema"], "$defs": schema["$defs"],
                    "$ref": "#/$defs/index_file"}
    return (jsonschema.Draft202012Validator(schema),
            jsonschema.Draft202012Validator(index_schema))


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    cli = os.environ.get("NSDKIT_CLI")
    assert cli and os.path.exists(cli), "NSDKIT_CLI must name the nsdkit binary (ctest sets it)"
    folder = tmp_path_factory.mktemp("cases")
    subprocess.run([cli, "validate", "--export-cases", str(folder)], check=True,
                   stdout=subprocess.DEVNULL)
    index = strict_load(folder / "index.json")
    cases = [strict_load(folder / entry["file"]) for entry in index["cases"]]
    return index, cases


def errors(validator, document):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(document)]


def first_of(cases, family):
    return next(c for c in cases if c["family"] == family)


def test_every_exported_file_validates(exported, validators):
    index, cases = exported
    case_validator, index_validator = validators
    assert errors(index_validator, index) == []
    assert {c["family"] for c in cases} == FAMILIES  # every family is exported and checked
    for c in cases:
        assert errors(case_validator, c) == [], c["name"]


def test_the_schema_rejects_broken_files(exported, validators):
    index, cases = exported
    case_validator, index_validator = validators
    block, rattleback = first_of(cases, "block"), first_of(cases, "rattleback")
    launch = first_of(cases, "launch")

    def mutated(case, edit):
        c = copy.deepcopy(case)
        edit(c)
        return c

    broken = {
        "missing required field": mutated(block, lambda c: c["scene"].pop("mass_kg")),
        "missing expectation": mutated(launch, lambda c: c["expected"].pop("stop_time_s")),
        "unknown shape": mutated(block, lambda c: c["scene"].update(shape="cylinder")),
        "a box with a sphere's shape": mutated(block, lambda c: c["scene"].update(shape="sphere")),
        "rolling mode for a block": mutated(block, lambda c: c["expected"].update(modes=["R"])),
        "trough mode for a launch": mutated(launch, lambda c: c["expected"].update(modes=["RR"])),
        "string for a number": mutated(launch, lambda c: c.update(duration_s="0.4")),
        "string in a vector": mutated(
            launch, lambda c: c["scene"]["initial_state"]["velocity_m_s"].__setitem__(0, "1")),
        "infinite number": mutated(launch, lambda c: c["scene"].update(mass_kg=float("inf"))),
        "unknown field": mutated(launch, lambda c: c["scene"].update(colour="red")),
        "placeholder axis": mutated(
            rattleback, lambda c: c["expected"].update(spin_axis=[0.0, 1.0, 0.0])),
        "number not judged for the family": mutated(
            rattleback, lambda c: c["expected"].update(acceleration_m_s2=0.0,
                                                       acceleration_axis=[1.0, 0.0, 0.0])),
        "short digest": mutated(launch, lambda c: c.update(digest="abc")),
    }
    for what, case in broken.items():
        assert errors(case_validator, case), f"accepted a file with a {what}"
    bad_index = copy.deepcopy(index)
    bad_index["cases"][0]["file"] = "../0.json"
    assert errors(index_validator, bad_index), "accepted an index naming a path out of the folder"
    bad_index = copy.deepcopy(index)
    bad_index["schema"] = "nsdkit-validation-case/3"
    assert errors(index_validator, bad_index), "accepted an index of another schema"


def walk_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from walk_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk_strings(v)


def test_no_placeholder_and_only_judged_numbers(exported, schema):
    _, cases = exported
    used = {family: set() for family in FAMILIES}
    for c in cases:
        assert not any("placeholder" in s.lower() for s in walk_strings(c)), c["name"]
        e = c["expected"]
        numbers = {k for k, v in e.items()
                   if k not in NON_NUMERIC and k not in AXES and v is not None}
        assert numbers <= JUDGED[c["family"]], (c["name"], numbers - JUDGED[c["family"]])
        for axis, value in AXES.items():
            assert (e[axis] is None) == (e[value] is None), (c["name"], axis)
        if e["exact_rest"]:
            assert numbers == set(), c["name"]
        used[c["family"]] |= numbers
    # The list above is not wider than the cases need: each family uses each of its fields.
    assert used == JUDGED
    # ... and the schema's per-family rules say the same.
    numeric = {k for k in schema["$defs"]["expected"]["properties"]} - NON_NUMERIC - set(AXES)
    for branch in schema["allOf"]:
        family = branch["if"]["properties"]["family"]["const"]
        nulls = set(branch["then"]["properties"]["expected"]["properties"]) - {"modes"}
        assert numeric - nulls == JUDGED[family], family


def test_frames_name_the_mass_centre(exported):
    _, cases = exported
    for c in cases:
        frame = c["frame"]
        assert "mass centre" in frame and "inertia_kg_m2" in frame, c["name"]
        assert "in W at t = 0" in frame and "body frame S" in frame, c["name"]
        if c["scene"]["shape"] != "sphere":
            assert "sphere" not in frame, c["name"]
        assert "sphere's centre" not in frame and "ball centre" not in frame, c["name"]


def test_the_digest_is_sha256_of_the_sorted_content(exported):
    _, cases = exported
    for c in cases:
        content = {k: v for k, v in c.items() if k != "digest"}
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
        assert hashlib.sha256(text.encode()).hexdigest() == c["digest"], c["name"]


def test_the_docs_table_is_the_schema_s(schema):
    spec = importlib.util.spec_from_file_location("schema_table", TABLE_SCRIPT)
    schema_table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(schema_table)
    with open(DOC, encoding="utf-8") as f:
        doc = f.read()
    begin, end = doc.find(schema_table.BEGIN), doc.find(schema_table.END)
    assert 0 <= begin < end, "docs/validation.md lacks the case-schema-table markers"
    in_doc = doc[begin + len(schema_table.BEGIN):end].strip("\n") + "\n"
    assert in_doc == schema_table.table(schema), (
        "docs/validation.md's case-file table differs from the schema: paste the output of "
        "python3 docs/schema/schema_table.py between the markers")

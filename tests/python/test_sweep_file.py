"""nsdkit.read_sweep: an HDF5 sweep written by the command line equals the in-memory sweep of
the same body through the Python module (Body.sweep), label for label; non-sweep files raise
ValueError."""
import os
import subprocess

import h5py
import numpy as np
import pytest

import nsdkit

BODIES = os.environ.get("NSDKIT_BODIES_DIR", "")
CLI = os.environ.get("NSDKIT_CLI", "")
BITS = {"RS": 1, "SR": 2, "SS": 4, "slip": 8, "contact_loss": 16}


def label(realizable, code):
    parts = ["realizable"] if realizable else []
    return "|".join(parts + [name for name, bit in BITS.items() if code & bit])


@pytest.mark.skipif(not CLI, reason="NSDKIT_CLI not set")
def test_hdf5_sweep_equals_the_in_memory_sweep(tmp_path):
    body_path = os.path.join(BODIES, "wheelset.json")
    path = tmp_path / "sweep.h5"
    subprocess.run([CLI, "region", "--body", body_path, "--axis", "fx:-0.5:0.5:9",
                    "--axis", "fz:-1.2:1.2:13", "--axis", "cone_angle_deg:0:10:3",
                    "--refine-tol", "1e-5", "--format", "hdf5", "--output", str(path),
                    "--quiet", "--block-points", "20"], check=True)
    s = nsdkit.read_sweep(str(path))
    assert s["names"] == ["fx", "fz", "cone_angle_deg"]
    assert s["realizable"].shape == (9, 13, 3)
    assert s["model"] == "body" and '"nsdkit-body/1"' in s["body_file"]
    body = nsdkit.read_body(body_path)
    ref = body.sweep([("fx", -0.5, 0.5, 9), ("fz", -1.2, 1.2, 13), ("cone_angle_deg", 0, 10, 3)],
                     refine_tolerance=1e-5)
    flat = s["realizable"].ravel()
    assert np.array_equal(flat, ref["realizable"])
    assert 0 < flat.sum() < flat.size
    assert [label(r, c) for r, c in zip(flat, s["escapes"].ravel())] == list(ref["labels"])
    grid = np.stack(np.meshgrid(*s["axes"], indexing="ij"), axis=-1).reshape(-1, 3)
    assert np.allclose(grid, ref["values"], rtol=0, atol=1e-12)
    assert np.array_equal(s["boundary"], np.asarray(ref["boundary"]))
    with h5py.File(path, "r") as f:  # plain h5py reads the same datasets
        assert np.array_equal(f["grid/escapes"][()], s["escapes"])


def test_read_sweep_refuses_other_files(tmp_path):
    with pytest.raises(ValueError, match="not an HDF5 file"):
        (tmp_path / "text.h5").write_text("no")
        nsdkit.read_sweep(str(tmp_path / "text.h5"))
    with pytest.raises(ValueError, match="does not exist"):
        nsdkit.read_sweep(str(tmp_path / "absent.h5"))
    with h5py.File(tmp_path / "other.h5", "w") as f:
        f["x"] = np.arange(3)
    with pytest.raises(ValueError, match="format"):
        nsdkit.read_sweep(str(tmp_path / "other.h5"))


# Axes given out of alphabetical order, with different counts and ranges: HDF5 lists a group's
# members by name, so only the `index` attribute tells the file's axis order (issue 50).
AXES_BY_INDEX = [("fz", -1.2, 0.9, 7), ("fx", -0.5, 0.25, 4), ("cone_angle_deg", 2.0, 8.0, 3)]


@pytest.mark.skipif(not CLI, reason="NSDKIT_CLI not set")
def test_axes_read_back_by_name(tmp_path):
    body_path = os.path.join(BODIES, "wheelset.json")
    path = tmp_path / "sweep.h5"
    command = [CLI, "region", "--body", body_path]
    for name, lower, upper, count in AXES_BY_INDEX:
        command += ["--axis", f"{name}:{lower}:{upper}:{count}"]
    subprocess.run(command + ["--refine-tol", "1e-5", "--format", "hdf5", "--output", str(path),
                              "--quiet"], check=True)
    shape = tuple(count for _, _, _, count in AXES_BY_INDEX)
    with h5py.File(path, "r") as f:  # h5py alone: every axis by its name
        assert sorted(f["axes"].keys()) == sorted(name for name, *_ in AXES_BY_INDEX)
        by_index = {}
        for name in f["axes"]:
            axis = f["axes"][name]
            by_index[int(axis.attrs["index"])] = (name, float(axis.attrs["lower"]),
                                                  float(axis.attrs["upper"]),
                                                  int(axis.attrs["count"]), axis[()])
        assert sorted(by_index) == [0, 1, 2]
        for i, (name, lower, upper, count) in enumerate(AXES_BY_INDEX):
            got_name, got_lower, got_upper, got_count, values = by_index[i]
            assert (got_name, got_lower, got_upper, got_count) == (name, lower, upper, count)
            # the grid nodes: lower + (upper - lower) k / (count - 1), to rounding (1e-15 of the
            # range, far below the smallest spacing, 0.25 here)
            assert np.allclose(values, np.linspace(lower, upper, count), rtol=0, atol=1e-14)
            assert values[0] == lower and values[-1] == upper
        for dataset in ("realizable", "escapes", "uncertain"):
            assert f["grid"][dataset].shape == shape
        plain_realizable = f["grid/realizable"][()].astype(bool)
        plain_boundary = f["boundary/values"][()]
        plain_boundary_axis = f["boundary/axis"][()]
    s = nsdkit.read_sweep(str(path))
    assert s["names"] == [name for name, *_ in AXES_BY_INDEX]
    for i, (_, lower, upper, count) in enumerate(AXES_BY_INDEX):
        assert np.array_equal(s["axes"][i], by_index[i][4])
    assert s["realizable"].shape == shape
    assert np.array_equal(s["realizable"], plain_realizable)
    # The grid's labels in the order of the index attributes equal the in-memory sweep's.
    ref = nsdkit.read_body(body_path).sweep(AXES_BY_INDEX, refine_tolerance=1e-5)
    assert np.array_equal(plain_realizable.ravel(), ref["realizable"])
    assert 0 < plain_realizable.sum() < plain_realizable.size
    # Each boundary point lies inside every axis's bounds and on the grid lines of every axis but
    # the one it was refined along.
    assert len(plain_boundary) > 0
    for point, refined in zip(plain_boundary, plain_boundary_axis):
        for i, (_, lower, upper, _) in enumerate(AXES_BY_INDEX):
            assert lower <= point[i] <= upper
            if i != refined:
                assert np.min(np.abs(by_index[i][4] - point[i])) <= 1e-14

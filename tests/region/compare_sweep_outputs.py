#!/usr/bin/env python3
"""Compares sweep outputs read independently with h5py and the csv module.

    compare_sweep_outputs.py A.h5 B.csv    the HDF5 file holds exactly the CSV's sweep: every
                                           grid point's realizable flag, label and uncertain
                                           flag, the boundary points (values to the last bit,
                                           bracket widths, outside labels), axes and metadata
    compare_sweep_outputs.py A.h5 B.h5     the two files' datasets and attributes are equal
                                           (nsdkit_version aside)
Exits 1 with the first difference named.
"""
import csv
import sys

import h5py
import numpy as np

BITS = [("RS", 1), ("SR", 2), ("SS", 4), ("slip", 8), ("contact_loss", 16)]


def label(realizable, code):
    parts = ["realizable"] if realizable else []
    parts += [name for name, bit in BITS if code & bit]
    return "|".join(parts)


def fail(message):
    print("DIFFERENCE: " + message)
    sys.exit(1)


def datasets(f):
    out = {}
    f.visititems(lambda name, obj: out.__setitem__(name, obj) if isinstance(obj, h5py.Dataset)
                 else None)
    return out


def attributes(f):
    out = {"/" + k: v for k, v in f.attrs.items()}
    f.visititems(lambda name, obj: out.update({name + "/" + k: v for k, v in obj.attrs.items()}))
    out.pop("/nsdkit_version", None)
    return out


def compare_h5(a_path, b_path):
    with h5py.File(a_path, "r") as a, h5py.File(b_path, "r") as b:
        da, db = datasets(a), datasets(b)
        if sorted(da) != sorted(db):
            fail(f"dataset names {sorted(da)} != {sorted(db)}")
        for name in da:
            x, y = da[name][()], db[name][()]
            if not np.array_equal(np.asarray(x), np.asarray(y)):
                fail(f"dataset {name} differs")
        aa, ab = attributes(a), attributes(b)
        if sorted(aa) != sorted(ab):
            fail(f"attribute names differ: {sorted(set(aa) ^ set(ab))}")
        for key in aa:
            if not np.array_equal(np.asarray(aa[key]), np.asarray(ab[key])):
                fail(f"attribute {key} differs: {aa[key]!r} != {ab[key]!r}")
    print(f"{a_path} and {b_path}: equal datasets and attributes")


def compare_csv(h5_path, csv_path):
    header, rows = [], []
    with open(csv_path, newline="") as f:
        for line in f:
            if line.startswith("#"):
                header.append(line[1:].strip())
            else:
                rows = list(csv.reader([line] + f.readlines()))
                break
    names = rows[0][1:-4]
    grid = [r for r in rows[1:] if r[0] == "grid"]
    boundary = [r for r in rows[1:] if r[0] == "boundary"]
    with h5py.File(h5_path, "r") as h:
        axis_names = [n.decode() if isinstance(n, bytes) else n for n in h.attrs["axis_names"]]
        if axis_names != names:
            fail(f"axes {axis_names} != {names}")
        realizable = h["grid/realizable"][()].ravel()
        escapes = h["grid/escapes"][()].ravel()
        uncertain = h["grid/uncertain"][()].ravel()
        axes = [h["axes/" + n][()] for n in names]
        if len(grid) != realizable.size:
            fail(f"{len(grid)} CSV grid rows, {realizable.size} HDF5 points")
        mesh = np.stack([m.ravel() for m in np.meshgrid(*axes, indexing="ij")], axis=1)
        for i, r in enumerate(grid):
            values = [float(v) for v in r[1:1 + len(names)]]
            if not np.allclose(values, mesh[i], rtol=0, atol=1e-12 * (1 + np.abs(mesh[i]).max())):
                fail(f"grid point {i}: values {values} != {mesh[i]}")
            flag, lab, unc = int(r[-4]), r[-3], int(r[-2])
            if flag != realizable[i] or lab != label(realizable[i], escapes[i]) or \
                    unc != uncertain[i]:
                fail(f"grid point {i}: CSV ({flag}, {lab}, {unc}) HDF5 ({realizable[i]}, "
                     f"{label(realizable[i], escapes[i])}, {uncertain[i]})")
        bv = h["boundary/values"][()]
        bw = h["boundary/bracket_width"][()]
        be = h["boundary/outside_escapes"][()]
        if len(boundary) != len(bw):
            fail(f"{len(boundary)} CSV boundary rows, {len(bw)} HDF5 boundary points")
        for i, r in enumerate(boundary):
            values = np.array([float(v) for v in r[1:1 + len(names)]])
            if not np.array_equal(values, bv[i]) or float(r[-1]) != bw[i] or \
                    r[-3] != label(False, be[i]):
                fail(f"boundary point {i}: CSV {r} HDF5 {bv[i]}, {bw[i]}, {be[i]}")
        for line in header:
            if line.startswith("fixed "):
                key, value = line[6:].split(" = ")
                if float(h["fixed"].attrs[key]) != float(value):
                    fail(f"fixed {key}")
    print(f"{h5_path} holds {csv_path}: {len(grid)} grid and {len(boundary)} boundary points")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    if sys.argv[2].endswith(".csv"):
        compare_csv(sys.argv[1], sys.argv[2])
    else:
        compare_h5(sys.argv[1], sys.argv[2])

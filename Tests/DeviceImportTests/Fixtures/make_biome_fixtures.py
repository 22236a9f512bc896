#!/usr/bin/env python3
"""Writes the Biome App.InFocus SEGB fixtures from the documented layout.

No public App.InFocus stream from a real device is available to this project, so these files are
built from the layout that CCL Solutions Group's ccl-segb reader and iLEAPP's biomeInfocus parser
document (see Sources/DeviceImport/SEGB.swift and Biome.swift). This script is an independent
writer of that layout (Python's struct and zlib.crc32), so the Swift reader is checked against it.

Run from this folder: python3 make_biome_fixtures.py
"""
import struct
import zlib

MAC_EPOCH = 978307200


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def in_focus(bundle, starting, unix_time, extras=True):
    """Protobuf: field 3 varint starting, field 4 double absolute time, field 6 string bundle id."""
    msg = bytearray()
    if extras:
        msg += varint(2 << 3 | 0) + varint(7)                     # field 2, an undocumented int
    msg += varint(3 << 3 | 0) + varint(1 if starting else 0)
    msg += varint(4 << 3 | 1) + struct.pack("<d", unix_time - MAC_EPOCH)
    b = bundle.encode()
    msg += varint(6 << 3 | 2) + varint(len(b)) + b
    if extras:
        s = b"com.apple.frontboard"
        msg += varint(10 << 3 | 2) + varint(len(s)) + s            # field 10, an undocumented string
    return bytes(msg)


def segb_v1(records):
    """records: (state, unix_time, data). Header 56 bytes, magic at 52; records 8-aligned."""
    body = bytearray()
    for state, t, data in records:
        crc = zlib.crc32(data) if state == 1 else 0xDEADBEEF
        body += struct.pack("<iiddIi", len(data), state, t - MAC_EPOCH, t - MAC_EPOCH, crc, 0) + data
        while (56 + len(body)) % 8:
            body += b"\0"
    header = struct.pack("<I", 56 + len(body)) + b"\0" * 48 + b"SEGB"
    return header + bytes(body)


def segb_v2(records):
    """Header 32 bytes with magic at 0; entries 4-aligned; entry table of 16 bytes each at the end."""
    body = bytearray()
    table = bytearray()
    for state, t, data in records:
        crc = zlib.crc32(data) if state == 1 else 0xDEADBEEF
        body += struct.pack("<Ii", crc, 0) + data
        table += struct.pack("<iid", len(body), state, t - MAC_EPOCH)
        while len(body) % 4:
            body += b"\0"
    header = b"SEGB" + struct.pack("<id", len(records), 717840000.0) + b"\0" * 16
    return header + bytes(body) + bytes(table)


T0 = 1696147200  # 2023-10-01T08:00:00Z
V2 = [
    (1, T0, in_focus("com.apple.springboard", True, T0)),
    (1, T0 + 10, in_focus("com.apple.mobilesafari", True, T0 + 10)),
    (1, T0 + 10, in_focus("com.apple.springboard", False, T0 + 10)),
    (1, T0 + 70, in_focus("com.apple.mobilesafari", False, T0 + 70)),
    (3, T0 + 80, b"\0" * 11),                                      # deleted: not read, CRC not checked
    (1, T0 + 100, in_focus("com.apple.MobileSMS", True, T0 + 100, extras=False)),
    (1, T0 + 160, in_focus("com.apple.MobileSMS", False, T0 + 160)),
    (1, T0 + 200, in_focus("com.apple.mobilesafari", True, T0 + 200)),
    (1, T0 + 260, in_focus("com.apple.mobilesafari", False, T0 + 260)),
]
T1 = T0 - 86400
V1 = [
    (1, T1, in_focus("com.spotify.client", True, T1)),
    (1, T1 + 300, in_focus("com.spotify.client", False, T1 + 300)),
    (3, T1 + 301, in_focus("com.deleted.app", True, T1 + 301)),
    (1, T1 + 400, in_focus("com.apple.mobilesafari", True, T1 + 400)),
]

with open("biome-infocus-v2.segb", "wb") as f:
    f.write(segb_v2(V2))
with open("biome-infocus-v1.segb", "wb") as f:
    f.write(segb_v1(V1))

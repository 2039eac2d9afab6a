"""Sharing beyond the page, for every type alike: the puzz.link URL frame and codec helpers
(puzzlink.py), the pzprv3 file frame (formats.py) and QR codes (qr.py). Each type's own codec and
file formats are in its folder's share.py; nothing here names a type.
"""

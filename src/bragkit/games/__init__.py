"""The games of the Brag family, one module per family.

``three_card`` plays the three-card family (three-, four- and five-card Brag, rules D, B, BL, M,
R, F and W of RULES.md) one deal at a time.
"""

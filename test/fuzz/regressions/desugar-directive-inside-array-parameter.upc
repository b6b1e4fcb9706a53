s(shared n[
#
])
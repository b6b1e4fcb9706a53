shared[
#
]
// One line per topology family, in the order of `topogen --list`.
// Adding a family is one file in lib/src/gen/ defining `Family family_NAME()` and one line here.
TOPO_FAMILY(torus)
TOPO_FAMILY(mesh)
TOPO_FAMILY(ring)
TOPO_FAMILY(hypercube)
TOPO_FAMILY(complete)
// -- dissertation families (iBT, reference networks, root-lattice, hexagonal) --
TOPO_FAMILY(ibt)
TOPO_FAMILY(ccc)
TOPO_FAMILY(sbs)
TOPO_FAMILY(debruijn)
TOPO_FAMILY(kautz)
TOPO_FAMILY(fattree)
TOPO_FAMILY(sp6)
TOPO_FAMILY(hex3d)

// -- end dissertation families --
// -- projective families and their peers --

// -- end projective families --
// -- CLEX and HDN --

// -- end CLEX and HDN --

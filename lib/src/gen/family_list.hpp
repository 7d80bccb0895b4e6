// One line per topology family, in the order of `topogen --list`.
// Adding a family is one file in lib/src/gen/ defining `Family family_NAME()` and one line here.
TOPO_FAMILY(torus)
TOPO_FAMILY(mesh)
TOPO_FAMILY(ring)
TOPO_FAMILY(hypercube)
TOPO_FAMILY(complete)
// -- dissertation families (iBT, reference networks, root-lattice, hexagonal) --

// -- end dissertation families --
// -- projective families and their peers --

// -- end projective families --
// -- CLEX and HDN --
TOPO_FAMILY(clex)
TOPO_FAMILY(hdn)
TOPO_FAMILY(rdn)
TOPO_FAMILY(dualcube)

// -- end CLEX and HDN --

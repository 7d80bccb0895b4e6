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
TOPO_FAMILY(pn)
TOPO_FAMILY(demipn)
TOPO_FAMILY(oft)
TOPO_FAMILY(mlfm)
TOPO_FAMILY(slimfly)
TOPO_FAMILY(paley)
TOPO_FAMILY(gq)
TOPO_FAMILY(delorme)
TOPO_FAMILY(hamming)
TOPO_FAMILY(turan)
TOPO_FAMILY(bipartite)
TOPO_FAMILY(dragonfly)
TOPO_FAMILY(cascade)
TOPO_FAMILY(spectralfly)
TOPO_FAMILY(xpander)
TOPO_FAMILY(random_regular)

// -- end projective families --
// -- CLEX and HDN --
TOPO_FAMILY(clex)
TOPO_FAMILY(hdn)
TOPO_FAMILY(rdn)
TOPO_FAMILY(dualcube)

// -- end CLEX and HDN --
// -- families of their users' papers --
TOPO_FAMILY(polarfly)
TOPO_FAMILY(polarstar)
TOPO_FAMILY(bundlefly)
TOPO_FAMILY(jellyfish)
TOPO_FAMILY(flattened_butterfly)
TOPO_FAMILY(hyperx)
TOPO_FAMILY(xgft)
TOPO_FAMILY(tofu)
TOPO_FAMILY(megafly)

// -- end families of their users' papers --

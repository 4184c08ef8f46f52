# ISPASS-2009 MUM (MUMmerGPU 1.0): DNA sequence alignment on a suffix tree.
SUITE="ISPASS-2009"
ORIGIN=ispass-2009/MUM
NOTBUILT="its kernels read the suffix tree through three texture references (nodetex, childrentex, reftex), which CUDA 12 removed: it does not compile with nvcc 13 until they are ported to texture objects, and awemu's runtime has no textures either (emu/cudart/README.md); not ported"

# ISPASS-2009 MUM (MUMmerGPU 1.0): DNA sequence alignment on a suffix tree.
SUITE="ISPASS-2009"
ORIGIN=ispass-2009/MUM
NOTBUILT="its kernels read the suffix tree through three texture references (nodetex, childrentex, reftex), which CUDA 12 removed: it does not compile with nvcc 13 until they are ported to texture objects (which awemu runs); nodetex and childrentex are ulong4 textures, 64-bit channels that no texture format has on a 64-bit host, so a port would change the suffix tree's layout; not ported"

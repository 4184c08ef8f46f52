# examples/paper/patches/mummergpu_kernel.sed: MUM's three texture references (removed in CUDA 12)
# declared as texture objects that keep the settings the program makes (mum_tex.h)
s/^texture<ulong4, 2, cudaReadModeElementType> nodetex;$/MUM_TEX(ulong4, nodetex)/
s/^texture<ulong4, 2, cudaReadModeElementType> childrentex;$/MUM_TEX(ulong4, childrentex)/
s/^texture<char, 2, cudaReadModeElementType> reftex;$/MUM_TEX(char, reftex)/

# examples/paper/patches/ptx-mov-pred.sed: applied to nvcc's PTX (not to a source): nvcc writes the
# predicate constant true as 'mov.pred %pN, -1', which ptxas takes and awemu's assembler refuses
# ("a predicate immediate must be 0 or 1"); '1' means the same.
s/^\([[:space:]]*mov\.pred[[:space:]]*%p[0-9]*,[[:space:]]*\)-1;/\11;/

// a floating-point constant as a predicate: the PTX ISA (4.5, Constants) allows integer constants
// for predicates (zero False, any other value True), not floating-point ones
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .pred %p<2>;
	mov.pred %p1, 1.0;
	ret;
}
// error: 9:16: a predicate immediate must be an integer constant

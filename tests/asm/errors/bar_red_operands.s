// bar.red: d is .u32 for .popc and a predicate for .and/.or; c is a predicate (PTX ISA "bar, barrier";
// ptxas: "Arguments mismatch for instruction 'bar.red'", "Operation requires .pred type")
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<3>;
	bar.red.popc.u32 %r1, 0, %r2;
	bar.red.popc.u32 %p1, 0, %p2;
	bar.red.and.u32 %r1, 0, %p2;
	bar.red.or.pred %p1, 0, 64, %r2;
	barrier.cta.red.popc.u32 %r1, 0;
	bar.red.u32 %r1, 0, %p2;
	bar.red.popc.aligned.u32 %r1, 0, %p2;
	bar.popc 0;
	bar.red.sync.u32 %r1, 0, %p2;
	bar.red.popc.u32 %r1, 0, 1;
	bar.cta.warp.sync 0xffffffff;
	bar.red.xor.pred %p1, 0, %p2;
	ret;
}
// error: 10:27: '%r2' is not a predicate register
// error: 11:19: predicate register '%p1' used where a .u32 operand is expected
// error: 12:13: 'bar.red.and' needs type .pred
// error: 13:30: '%r2' is not a predicate register
// error: 14:2: 'barrier.red' takes 3 to 4 operands, not 2
// error: 15:2: 'bar.red' needs an operation (.popc, .and or .or)
// error: 16:14: suffix '.aligned' is not valid for 'bar.red'
// error: 17:5: suffix '.popc' is not valid for 'bar'
// error: 18:9: suffix '.sync' is not valid for 'bar.red'
// error: 19:27: expected a predicate register
// error: 20:5: suffix '.cta' is not valid for 'bar.warp'
// error: 21:9: suffix '.xor' is not valid for 'bar.red'

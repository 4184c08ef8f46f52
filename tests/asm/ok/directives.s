// Directives nvcc and users write that the examples do not: performance tuning,
// linkage, initialized module variables, vector and .ptr parameters, .pragma.
.version 8.5
.target sm_80
.address_size 64

.global .align 8 .u64 table[4] = {1, 2, 0xffffffffffffffff, 4};
.const .align 4 .f32 coeffs[3] = {0f3F800000, 0fBF800000, 1.5};
.global .s32 counter = -7;
.extern .shared .align 16 .b8 dyn[];
.weak .func (.param .b32 r) helper(.param .b32 a);

.visible .entry tuned(
	.param .u64 .ptr .global .align 16 tuned_param_0,
	.param .align 8 .b8 tuned_param_1[16]
)
.maxntid 256, 1, 1
.minnctapersm 2
.maxnreg 64
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.pragma "nounroll";
	ld.param.u64 	%rd1, [tuned_param_0];
	ld.param.v2.u32 	{%r1, %r2}, [tuned_param_1+8];
	ld.global.u64 	%rd2, [table+16];
	st.global.u32 	[%rd1], %r1;
	ret;
}

.visible .entry required()
.reqntid 32, 2
{
	ret;
}

.weak .func (.param .b32 r) helper(.param .b32 a)
{
	.reg .b32 %r<2>;
	ld.param.b32 	%r1, [a];
	st.param.b32 	[r], %r1;
	ret;
}

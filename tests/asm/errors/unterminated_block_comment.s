// a /* comment that is never closed (the expectation must come before it)
// error: 9:2: unterminated comment
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	ret;
	/* the end of this
}

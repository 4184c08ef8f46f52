// an unmodeled .section block that is never closed must not silently swallow the rest of the file
.version 8.0
.target sm_80
.address_size 64
.section .debug_info {
	.b8 1
.visible .entry k()
{
	ret;
}
// warning: 5:1: directive '.section' is not modeled; skipped (further ones in this file are skipped silently)
// error: 5:1: '.section' block is not closed before the end of the file

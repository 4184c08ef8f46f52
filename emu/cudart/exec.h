/* emu/cudart/exec.h -- awemu exec (exec.c). */
#ifndef AWEMU_CUDART_EXEC_H
#define AWEMU_CUDART_EXEC_H
/* awemu exec; argv[0] is "exec".  Returns only on an error (its exit status). */
int cr_exec_main(int argc, char **argv);
#endif

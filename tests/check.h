/* tests/check.h -- the tiny harness of the C unit tests: one PASS/FAIL line per check. */
#ifndef AWEMU_CHECK_H
#define AWEMU_CHECK_H
#include <stdio.h>
static int check_failed;
#define CHECK(cond, ...) do {                                    \
    if (cond) { printf("PASS "); printf(__VA_ARGS__); printf("\n"); } \
    else { check_failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
  } while (0)
/* Checks that only print when they fail (for loops over thousands of cases). */
#define REQUIRE(cond, ...) do {                                  \
    if (!(cond)) { check_failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
  } while (0)
#endif

/* isa/json.h -- the one JSON string writer (statistics, sweep results, compression reports).
 *
 * Promises: isa_json_string writes one valid JSON string (RFC 8259, quotes
 * included) whose value is s: '"' and '\' escaped, \n \r \t by their short
 * escapes, every other control character and DEL as \u00XX; valid UTF-8 as it
 * is, or with ISA_JSON_ASCII as \uXXXX (a surrogate pair past U+FFFF), so the
 * output is pure ASCII; a byte that is not part of valid UTF-8 (an overlong
 * form, a surrogate, a sequence cut short) becomes U+FFFD.
 */
#ifndef AWEMU_ISA_JSON_H
#define AWEMU_ISA_JSON_H

#include <stdio.h>

enum { ISA_JSON_UTF8 = 0, ISA_JSON_ASCII = 1 };   /* isa_json_string's flags */

void isa_json_string(FILE *f, const char *s, int flags);

#endif

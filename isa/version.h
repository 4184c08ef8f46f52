/* isa/version.h -- the one version string of awemu's tools and library.
 *
 * Every tool's --version prints "TOOL (awemu) AWEMU_VERSION"; change it here only.
 */
#ifndef AWEMU_VERSION_H
#define AWEMU_VERSION_H

#define AWEMU_VERSION "0.2.0"

#endif

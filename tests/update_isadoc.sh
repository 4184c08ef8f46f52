#!/bin/sh
# tests/update_isadoc.sh -- rewrites the generated tables of isa/ISA.md from the instruction table.
set -e
make -s bin/awasm
bin/awasm --isa-table > build/isa-table.md
awk 'BEGIN { while ((getline l < "build/isa-table.md") > 0) gen = gen l "\n" }
     /<!-- BEGIN GENERATED/ { print; printf "%s", gen; skip = 1; next }
     /<!-- END GENERATED/ { skip = 0 }
     !skip { print }' isa/ISA.md > build/ISA.md.new
mv build/ISA.md.new isa/ISA.md
echo "isa/ISA.md updated"

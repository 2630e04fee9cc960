#!/usr/bin/env bash
# update-catalogs.sh: extract every Message template from service/ into messages.pot, then merge
# it into each language's .po (new entries come empty, for a translator to fill; tests fail until
# they are). The service reads the .po files themselves: there is nothing to compile.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=${VENV:-.venv}/bin/pybabel
locales=service/api/locales
"$pybabel" -q extract --no-default-keywords --keyword=Message --no-location --sort-output \
    --omit-header --output-file="$locales/messages.pot" service
for language in fr pt; do
    if [ -e "$locales/$language.po" ]; then
        "$pybabel" -q update --no-fuzzy-matching --ignore-obsolete \
            --input-file="$locales/messages.pot" --output-file="$locales/$language.po" --locale="$language"
    else
        "$pybabel" -q init --input-file="$locales/messages.pot" --output-file="$locales/$language.po" \
            --locale="$language"
    fi
done

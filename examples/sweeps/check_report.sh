#!/bin/sh
# examples/sweeps/check_report.sh DIR [SHOT.png] -- opens DIR/index.html (make report's page) in headless
# Chromium and checks what a reader would see: the page loads, every image in it loaded (the page's own
# load handler counts them into <body data-images="LOADED/ALL">), every link leads somewhere (a file
# under DIR, or an id on the page), and a screenshot renders (SHOT.png, default DIR/screenshot.png).
# Exit status 0 when all holds; 1 with what did not; 2 when Chromium is not installed.
DIR=${1:-report}
SHOT=${2:-$DIR/screenshot.png}
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$CHROME" ] || { echo "check_report: Chromium is not installed (Debian's chromium)"; exit 2; }
[ -f "$DIR/index.html" ] || { echo "check_report: $DIR/index.html does not exist (make report)"; exit 1; }
page=$(cd "$DIR" && pwd)/index.html
profile=$(mktemp -d)
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$profile"
# shellcheck disable=SC2086
timeout 120 "$CHROME" $flags --virtual-time-budget=20000 --dump-dom "file://$page" > "$profile/dom.html" 2> "$profile/chrome.log"
# shellcheck disable=SC2086
timeout 120 "$CHROME" $flags --window-size=1280,2400 --screenshot="$SHOT" "file://$page" > /dev/null 2>> "$profile/chrome.log"
bad=0
imgs=$(sed -n 's/.*<body[^>]* data-images="\([0-9]*\/[0-9]*\)".*/\1/p' "$profile/dom.html" | head -1)
broken=$(sed -n 's/.*<body[^>]* data-broken="\([^"]*\)".*/\1/p' "$profile/dom.html" | head -1)
n_img=$(grep -o '<img ' "$DIR/index.html" | wc -l)
if [ -z "$imgs" ]; then echo "check_report: the page did not load in Chromium (no data-images): $(tail -3 "$profile/chrome.log")"; bad=1
elif [ "$imgs" != "$n_img/$n_img" ] || [ -n "$broken" ]; then echo "check_report: images loaded $imgs of $n_img; broken: $broken"; bad=1
else echo "check_report: the page loads in Chromium with all $n_img images"; fi
# every link: a file under DIR, or #id of the page
for h in $(grep -o 'href="[^"]*"' "$DIR/index.html" | sed 's/href="//; s/"$//'); do
  case "$h" in
    \#*) grep -q "id=\"${h#\#}\"" "$DIR/index.html" || { echo "check_report: link $h: no such id on the page"; bad=1; } ;;
    *://*) ;;
    *) [ -e "$DIR/$h" ] || { echo "check_report: link $h: no such file"; bad=1; } ;;
  esac
done
if [ -s "$SHOT" ] && [ "$(head -c 8 "$SHOT" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then echo "check_report: screenshot $SHOT ($(wc -c < "$SHOT") bytes)"
else echo "check_report: no screenshot: $(tail -3 "$profile/chrome.log")"; bad=1; fi
rm -rf "$profile"
exit $bad

#!/bin/sh
# Draws the demo's program, promotion and raffle pictures as small WebP files (ImageMagick 6): the
# menu's dish illustrations cut to 2:1, a star badge, a gift. Run from the project root; commit the output.
set -eu
out=apps/web/public/demo/images
src=apps/web/public/demo/products
mkdir -p "$out"

for name in bebida postre plato sopa entrada; do
  convert -background none -density 160 "$src/$name.svg" -resize 652x -gravity center -extent 640x320 \
    -strip -quality 72 "$out/promo-$name.webp"
done

# The program's badge: a star on the brand's orange.
convert -size 256x256 radial-gradient:'#fb923c-#c2410c' \
  -fill '#fff7ed' -draw 'polygon 128,40 152,104 220,104 165,144 186,210 128,170 70,210 91,144 36,104 104,104' \
  -strip -quality 80 "$out/program.webp"

# The raffle: a gift box with its ribbon.
convert -size 640x320 gradient:'#fef9c3-#f97316' \
  -fill '#dc2626' -draw 'rectangle 240,140 400,280' \
  -fill '#b91c1c' -draw 'rectangle 228,110 412,150' \
  -fill '#fde047' -draw 'rectangle 308,110 332,280' \
  -fill '#fde047' -draw 'ellipse 296,98 28,18 0,360' -draw 'ellipse 344,98 28,18 0,360' \
  -strip -quality 72 "$out/raffle.webp"

ls -l "$out"

# Re-encodes a creature card with Pillow, as an image editor would: the picture painted over and
# written as RGB (another colour type, another encoder), every text chunk kept as a compressed iTXt.
# Usage: reencode.py IN.png OUT.png
import sys
from PIL import Image, ImageDraw, PngImagePlugin

im = Image.open(sys.argv[1])
info = PngImagePlugin.PngInfo()
for key, value in im.text.items():
    info.add_itxt(key, value, zip=True)
im = im.convert("RGB")
ImageDraw.Draw(im).rectangle([20, 20, 220, 140], fill=(255, 0, 0))
im.save(sys.argv[2], pnginfo=info, optimize=True)

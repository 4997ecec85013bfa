"""Building training sets and training the models. Needs the `train` extra (torch,
ultralytics); the run-time reader never imports this package.

Why: Training data: rendered scenes plus the real photos' half labels. With a detector
trained on rendered photos alone (two epochs, mAP50 0.60 on rendered validation photos)
the reader got 58.7% of the real validation halves right, so the real training split's
labels are completed (pairs of halves become tiles; blank partners are found as in
``vision.reader.blank_partner``; halves that stay alone keep their half label) and mixed
in three times over; that took real per-half accuracy to about 98%, and the pair judge to
100% on the validation photos. The renderer (`vision/synth/`) draws white, ivory and black
tiles with black, white or coloured pips, real layouts for 0..18, divider bar and pin,
bevel, thickness and shadow, on wood, cloth, felt, stripes and stone, with camera tilt,
light gradients, glare, blur, noise and JPEG. Every image is drawn from
`default_rng([seed, index])`, so any single image can be regenerated. Asked for (`--wide-
colours`, `--hard`), it also draws faces of colour (pink, green, blue, red, yellow) with
white, yellow, black or light-grey pips, some of low contrast once grey; the pip reader
learns from those too, since shuffling the channels of white tiles never shows it a pale
pip on a pale face. The pip reader also learns from every labelled half of the real
training split; the real validation split is never trained on and is what we report.
"""

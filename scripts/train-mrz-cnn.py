#!/usr/bin/env python3
"""Trains the small OCR-B cell CNN (core/mrz/mrzCnn.ts) and measures it beside the two MLPs.

Data, all cut by the reader's own sampler (core/mrz/sampleCells.ts):
  --bands   the rendered bands of scripts/train-mrz-classifier.ts (its --cache file: 320 ink bytes, label, held-out
            flag); the held-out bands (every tenth) are never trained on. Repeatable: the first is the printers'
            variety, a second its small, soft copies (--soft-bands), a third bands in other faces (--face-bands).
            FILE@N trains on that file's bands N times an epoch.
  --pages   cells exported by scripts/export-mrz-cells.ts from pages the reader read (320 ink bytes, label, shift,
            line, column, item index); NAME=FILE (repeatable). Names starting with `train:` are trained on, the rest
            only measured; `real:` sets are split by issuing state, alternate states measured only.
--init FILE trains on from weights this script wrote (a fine-tune, with a lower --max-lr).
Deterministic for a seed on one thread (torch.set_num_threads(1)). Writes the weights as JSON (base64 float32, the
layout mrzCnn.ts reads) with the measured figures.

  /usr/bin/python3 scripts/train-mrz-cnn.py --bands /tmp/cnn/bands-9303-4000.bin --bands /tmp/cnn/bands-9303-0-soft2000.bin@2 \
      --bands /tmp/cnn/bands-9303-0-faces1000.bin --pages train:styled=/tmp/cnn/styled-train --pages real:real=/tmp/cnn/real-train \
      --pages styled-dev=/tmp/cnn/styled-dev --pages dev=/tmp/cnn/dev --out core/mrz/model/mrz-ocrb-cnn.json
"""
import argparse
import base64
import json
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

CLASSES = '<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
W, H = 16, 20
FEAT = W * H

p = argparse.ArgumentParser()
p.add_argument('--bands', action='append', required=True)
p.add_argument('--pages', action='append', default=[])
p.add_argument('--epochs', type=int, default=12)
p.add_argument('--seed', type=int, default=9303)
p.add_argument('--c1', type=int, default=8)
p.add_argument('--c2', type=int, default=24)
p.add_argument('--hidden', type=int, default=128)
p.add_argument('--page-weight', type=float, default=3.0, help='times each page cell is seen per epoch')
p.add_argument('--mlp', default='core/mrz/model/mrz-ocrb-mlp.json')
p.add_argument('--mlp2', default='core/mrz/model/mrz-ocrb-mlp-renderer.json')
p.add_argument('--out')
p.add_argument('--load', help='measure these weights (a JSON this script wrote) instead of training')
p.add_argument('--init', help='start from these weights (a JSON this script wrote) and train --epochs more: a fine-tune')
p.add_argument('--max-lr', type=float, default=3e-3, help='the one-cycle peak; a fine-tune wants less than a first run')
args = p.parse_args()

torch.set_num_threads(1)
torch.manual_seed(args.seed)
np.random.seed(args.seed)
random.seed(args.seed)


def load_bands(path):
    raw = np.fromfile(path, dtype=np.uint8).reshape(-1, FEAT + 2)
    x = raw[:, :FEAT].astype(np.float32) / 255
    return x, raw[:, FEAT].astype(np.int64), raw[:, FEAT + 1] == 1


def load_pages(path):
    raw = np.fromfile(path + '.bin', dtype=np.uint8).reshape(-1, FEAT + 8)
    meta = json.load(open(path + '.json'))
    item = raw[:, FEAT + 4:FEAT + 8].copy().view('<u4').reshape(-1)
    return {
        'x': raw[:, :FEAT].astype(np.float32) / 255,
        'y': raw[:, FEAT].astype(np.int64),
        'shift': raw[:, FEAT + 1],
        'line': raw[:, FEAT + 2],
        'col': raw[:, FEAT + 3],
        'item': item,
        'meta': meta,
    }


def subset(d, mask):
    return {k: (v[mask] if isinstance(v, np.ndarray) else v) for k, v in d.items()}


class Net(nn.Module):
    """conv3×3 → ReLU → max-pool 2, twice, then one hidden layer: about 230k multiply-adds a cell at the defaults."""

    def __init__(self, c1, c2, hidden):
        super().__init__()
        self.conv1 = nn.Conv2d(1, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.fc1 = nn.Linear(c2 * (H // 4) * (W // 4), hidden)
        self.fc2 = nn.Linear(hidden, len(CLASSES))

    def forward(self, x):
        x = x.view(-1, 1, H, W)
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.relu(self.fc1(x.flatten(1)))
        return self.fc2(x)


def mlp_from(path):
    s = json.load(open(path))
    f = lambda k: np.frombuffer(base64.b64decode(s[k]), dtype=np.float32)
    w1 = f('w1').reshape(s['hidden'], s['inputs'])
    w2 = f('w2').reshape(len(s['classes']), s['hidden'])
    b1, b2 = f('b1'), f('b2')

    def probs(x):
        h = np.maximum(x @ w1.T + b1, 0)
        z = h @ w2.T + b2
        z = np.exp(z - z.max(1, keepdims=True))
        return z / z.sum(1, keepdims=True)
    return probs


def cnn_probs(net, x):
    net.eval()
    with torch.no_grad():
        out = []
        for i in range(0, len(x), 4096):
            out.append(F.softmax(net(torch.from_numpy(x[i:i + 4096])), 1).numpy())
    return np.concatenate(out) if out else np.zeros((0, len(CLASSES)), np.float32)


def surest_of_shifts(d, probs):
    """Per (item, line, column): the reading of the shift whose top probability is highest (classifyShifted)."""
    key = d['item'].astype(np.int64) * 1000 + d['line'].astype(np.int64) * 100 + d['col'].astype(np.int64)
    top = probs.max(1)
    order = np.lexsort((-top, key))
    first = np.ones(len(order), bool)
    first[1:] = key[order][1:] != key[order][:-1]
    pick = order[first]
    return pick, probs[pick].argmax(1), probs[pick].max(1)


def measure(name, d, models):
    """Cell accuracy of each model; and the cells both MLPs agree on wrongly, with and without the CNN's vote."""
    if len(d['y']) == 0:
        return None
    res = {'cells': 0}
    reads = {}
    for m, fn in models.items():
        pr = fn(d['x'])
        if 'shift' in d:
            pick, char, conf = surest_of_shifts(d, pr)
            y = d['y'][pick]
        else:
            char, conf, y = pr.argmax(1), pr.max(1), d['y']
        reads[m] = (char, conf)
        res[m] = round(float((char == y).mean()), 5)
        res['cells'] = int(len(y))
    a, b, c = reads['mlp'][0], reads['mlp2'][0], reads['cnn'][0]
    res['mlps_agree_wrong'] = int(((a == b) & (a != y)).sum())
    res['all_three_agree_wrong'] = int(((a == b) & (b == c) & (a != y)).sum())
    res['mlps_disagree'] = int((a != b).sum())
    res['any_disagree'] = int(((a != b) | (a != c)).sum())
    # How each way of combining them leaves cells: wrong and undisputed (what no check digit may catch), disputed.
    rules = {
        'mlp|mlp2': (a, [b]), 'mlp|mlp2,cnn': (a, [b, c]), 'cnn|mlp,mlp2': (c, [a, b]), 'cnn|mlp': (c, [a]), 'cnn|mlp2': (c, [b]),
    }
    for rule, (main, others) in rules.items():
        disputed = np.zeros(len(y), bool)
        for o in others:
            disputed |= o != main
        res[rule] = {'silent_wrong': int(((main != y) & ~disputed).sum()), 'disputed': int(disputed.sum()), 'disputed_right': int((disputed & (main == y)).sum())}
    res['cnn_wrong_sure'] = int(((c != y) & (reads['cnn'][1] > 0.9)).sum())
    res['mlp_wrong_sure'] = int(((a != y) & (reads['mlp'][1] > 0.9)).sum())
    print(f"{name:>16}: {res}")
    return res


train_x, train_y, measured = [], [], {}
for n, spec in enumerate(args.bands):
    path, _, times = spec.partition('@')
    bx, by, bheld = load_bands(path)
    train_x += [bx[~bheld]] * int(times or 1)
    train_y += [by[~bheld]] * int(times or 1)
    measured['rendered held-out' + (f' ({path.rsplit("/", 1)[-1]})' if n else '')] = {'x': bx[bheld], 'y': by[bheld]}
for spec in args.pages:
    name, path = spec.split('=', 1)
    d = load_pages(path)
    if name.startswith('train:'):
        train_x += [d['x']] * int(args.page_weight)
        train_y += [d['y']] * int(args.page_weight)
    elif name.startswith('real:'):
        items = d['meta']['items']
        states = sorted({it['state'] for it in items if it})
        held_states = set(states[1::2])
        held = np.array([items[i]['state'] in held_states for i in d['item']], bool)
        print(f"real train part: training on {states[0::2]}, measuring on {sorted(held_states)}")
        train_x += [d['x'][~held]] * int(args.page_weight)
        train_y += [d['y'][~held]] * int(args.page_weight)
        measured[name + ' (held states)'] = subset(d, held)
        measured[name + ' (trained states)'] = subset(d, ~held)
    else:
        measured[name] = d
X = torch.from_numpy(np.concatenate(train_x))
Y = torch.from_numpy(np.concatenate(train_y))
print(f"training on {len(Y)} cells")

net = Net(args.c1, args.c2, args.hidden)
if args.load or args.init:
    saved = json.load(open(args.load or args.init))
    net = Net(saved['c1'], saved['c2'], saved['hidden'])
    dec = lambda k, like: torch.from_numpy(np.frombuffer(base64.b64decode(saved[k]), dtype='<f4').copy()).view_as(like)
    with torch.no_grad():
        for layer in ('conv1', 'conv2', 'fc1', 'fc2'):
            getattr(net, layer).weight.copy_(dec(layer + 'w', getattr(net, layer).weight))
            getattr(net, layer).bias.copy_(dec(layer + 'b', getattr(net, layer).bias))
    if args.load:
        args.epochs = 0
opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.max_lr, total_steps=max(1, args.epochs * ((len(Y) + 255) // 256)))
gen = torch.Generator().manual_seed(args.seed + 1)
for epoch in range(args.epochs):
    net.train()
    perm = torch.randperm(len(Y), generator=gen)
    total = 0.0
    for i in range(0, len(Y), 256):
        idx = perm[i:i + 256]
        xb = X[idx]
        # A little ink gain and offset noise: printers and cameras differ in contrast more than the renderer drew.
        gain = 1 + 0.25 * (torch.rand(len(idx), 1, generator=gen) - 0.5)
        xb = (xb * gain + 0.04 * torch.randn(xb.shape, generator=gen)).clamp(0, 1)
        loss = F.cross_entropy(net(xb), Y[idx], label_smoothing=0.02)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        total += float(loss) * len(idx)
    print(f"epoch {epoch + 1}/{args.epochs} loss {total / len(Y):.4f}", flush=True)

mlp, mlp2 = mlp_from(args.mlp), mlp_from(args.mlp2)
models = {'mlp': mlp, 'mlp2': mlp2, 'cnn': lambda x: cnn_probs(net, x)}
figures = {name: measure(name, d, models) for name, d in measured.items()}

if args.out and not args.load:
    enc = lambda t: base64.b64encode(t.detach().numpy().astype('<f4').tobytes()).decode()
    model = {
        'version': 1, 'seed': args.seed, 'classes': CLASSES, 'width': W, 'height': H,
        'c1': net.conv1.out_channels, 'c2': net.conv2.out_channels, 'hidden': net.fc1.out_features, 'epochs': args.epochs,
        **({'fineTunedFrom': args.init.rsplit('/', 1)[-1], 'maxLr': args.max_lr} if args.init else {}),
        'measured': figures,
        'conv1w': enc(net.conv1.weight), 'conv1b': enc(net.conv1.bias),
        'conv2w': enc(net.conv2.weight), 'conv2b': enc(net.conv2.bias),
        'fc1w': enc(net.fc1.weight), 'fc1b': enc(net.fc1.bias),
        'fc2w': enc(net.fc2.weight), 'fc2b': enc(net.fc2.bias),
    }
    with open(args.out, 'w') as f:
        f.write(json.dumps(model) + '\n')
    print('wrote', args.out)

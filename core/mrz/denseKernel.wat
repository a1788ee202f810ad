;; A dense layer over a batch of vectors in WebAssembly SIMD, four lanes of f32 at a time: the MRZ cell classifiers'
;; two layers, over every cell of every grid the reader tries. Built to denseKernel.wasm by scripts/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; The four lanes of an f32x4 added up.
  (func $lanes (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  ;; out[k * outs + o] = b[o] + sum over i of w[o * ins + i] * x[k * ins + i], for k < n and o < outs; with $relu,
  ;; negatives become 0. Byte addresses, 16-byte aligned; ins a multiple of 4 and n a multiple of 4 (the caller pads
  ;; with zero vectors). Four vectors share each pass over a weight row, so the weights are read n / 4 times.
  (func (export "dense")
    (param $w i32) (param $b i32) (param $x i32) (param $out i32)
    (param $ins i32) (param $outs i32) (param $n i32) (param $relu i32)
    (local $rowBytes i32) (local $k i32) (local $o i32) (local $i i32) (local $row i32)
    (local $x0 i32) (local $x1 i32) (local $x2 i32) (local $x3 i32) (local $dst i32) (local $outBytes i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $wv v128)
    (local $bias f32) (local $s f32)
    (local.set $rowBytes (i32.shl (local.get $ins) (i32.const 2)))
    (local.set $outBytes (i32.shl (local.get $outs) (i32.const 2)))
    (block $cellsDone
      (loop $cells
        (br_if $cellsDone (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $x0 (i32.add (local.get $x) (i32.mul (local.get $k) (local.get $rowBytes))))
        (local.set $x1 (i32.add (local.get $x0) (local.get $rowBytes)))
        (local.set $x2 (i32.add (local.get $x1) (local.get $rowBytes)))
        (local.set $x3 (i32.add (local.get $x2) (local.get $rowBytes)))
        (local.set $o (i32.const 0))
        (block $rowsDone
          (loop $rows
            (br_if $rowsDone (i32.ge_u (local.get $o) (local.get $outs)))
            (local.set $row (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $rowBytes))))
            (local.set $a0 (v128.const i32x4 0 0 0 0))
            (local.set $a1 (v128.const i32x4 0 0 0 0))
            (local.set $a2 (v128.const i32x4 0 0 0 0))
            (local.set $a3 (v128.const i32x4 0 0 0 0))
            (local.set $i (i32.const 0))
            (block $dotDone
              (loop $dot
                (br_if $dotDone (i32.ge_u (local.get $i) (local.get $rowBytes)))
                (local.set $wv (v128.load (i32.add (local.get $row) (local.get $i))))
                (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $wv) (v128.load (i32.add (local.get $x0) (local.get $i))))))
                (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $wv) (v128.load (i32.add (local.get $x1) (local.get $i))))))
                (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (local.get $wv) (v128.load (i32.add (local.get $x2) (local.get $i))))))
                (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (local.get $wv) (v128.load (i32.add (local.get $x3) (local.get $i))))))
                (local.set $i (i32.add (local.get $i) (i32.const 16)))
                (br $dot)))
            (local.set $bias (f32.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2)))))
            ;; Cell k's output o; the next cell's is one output row further on.
            (local.set $dst (i32.add (i32.add (local.get $out) (i32.mul (local.get $k) (local.get $outBytes))) (i32.shl (local.get $o) (i32.const 2))))
            (local.set $s (f32.add (local.get $bias) (call $lanes (local.get $a0))))
            (f32.store (local.get $dst) (select (f32.max (local.get $s) (f32.const 0)) (local.get $s) (local.get $relu)))
            (local.set $dst (i32.add (local.get $dst) (local.get $outBytes)))
            (local.set $s (f32.add (local.get $bias) (call $lanes (local.get $a1))))
            (f32.store (local.get $dst) (select (f32.max (local.get $s) (f32.const 0)) (local.get $s) (local.get $relu)))
            (local.set $dst (i32.add (local.get $dst) (local.get $outBytes)))
            (local.set $s (f32.add (local.get $bias) (call $lanes (local.get $a2))))
            (f32.store (local.get $dst) (select (f32.max (local.get $s) (f32.const 0)) (local.get $s) (local.get $relu)))
            (local.set $dst (i32.add (local.get $dst) (local.get $outBytes)))
            (local.set $s (f32.add (local.get $bias) (call $lanes (local.get $a3))))
            (f32.store (local.get $dst) (select (f32.max (local.get $s) (f32.const 0)) (local.get $s) (local.get $relu)))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))
            (br $rows)))
        (local.set $k (i32.add (local.get $k) (i32.const 4)))
        (br $cells)))))

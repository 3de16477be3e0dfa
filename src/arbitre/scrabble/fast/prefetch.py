"""A memory prefetch hint for the compiled kernel (LLVM's ``llvm.prefetch``).

``prefetch_at(array, i)`` asks the CPU to bring the cache line of ``array[i]`` in, and
does nothing else: no result, no fault (a hint on any address is allowed). The walk uses it
to start reading the records of all the children it is about to try at once, instead of
one after the other, when the word graph is not in the cache.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.core import cgutils as _cgutils
from numba.extending import intrinsic

#: numba's code-generation helpers (untyped for mypy).
cgutils: Any = _cgutils


@intrinsic
def _prefetch_at(typingctx: Any, arr: Any, index: Any) -> Any:
    if not (isinstance(arr, types.Array) and arr.ndim == 1 and isinstance(index, types.Integer)):
        return None
    sig = types.void(arr, index)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        idx = context.cast(builder, args[1], signature.args[1], types.intp)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [idx], wraparound=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0i8")
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


#: ``prefetch_at(array, i)`` in compiled code (a numba intrinsic: its typing function above
#: is what numba calls; the compiled function takes a one-dimensional array and an index).
prefetch_at: Any = _prefetch_at

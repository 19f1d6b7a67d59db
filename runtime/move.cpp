// MoveList: growth past its inline moves onto the heap.
#include "move.h"

#include <algorithm>
#include <memory>
#include <new>
#include <type_traits>

namespace koma {

void MoveList::grow(std::size_t n) {
  const std::size_t size = this->size();
  const std::size_t capacity = std::max(2 * static_cast<std::size_t>(limit_ - data_), size + n);
  static_assert(std::is_trivially_copyable_v<Move> && std::is_trivially_destructible_v<Move>);
  Move* heap = static_cast<Move*>(::operator new[](capacity * sizeof(Move)));
  std::uninitialized_copy(data_, end_, heap);
  if (data_ != moves_) ::operator delete[](data_);
  data_ = heap;
  end_ = heap + size;
  limit_ = heap + capacity;
}

}  // namespace koma

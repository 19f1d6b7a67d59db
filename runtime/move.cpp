// MoveList: growth past its inline moves onto the heap.
#include "move.h"

#include <algorithm>

namespace koma {

void MoveList::grow(std::size_t n) {
  const std::size_t size = this->size();
  const std::size_t capacity = std::max(2 * static_cast<std::size_t>(limit_ - data_), size + n);
  Move* heap = new Move[capacity];
  std::copy(data_, end_, heap);
  if (data_ != moves_) delete[] data_;
  data_ = heap;
  end_ = heap + size;
  limit_ = heap + capacity;
}

}  // namespace koma

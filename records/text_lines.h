// Lines of a record file: \n, \r\n and a lone \r (old Mac files) each end a line, and a UTF-8
// byte order mark before the first line is not part of it. Every reader takes its lines here.
#pragma once

#include <string_view>
#include <vector>

namespace koma::records {

/// The lines of `text`, without their ends and without a leading UTF-8 BOM.
inline std::vector<std::string_view> record_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    lines.push_back(text.substr(start, i - start));
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    start = i + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

}  // namespace koma::records

// `koma render VARIANT`: an SVG picture of a position (the start, or --sfen after --moves), to
// stdout or -o FILE; --all-images DIR writes every image the variant document refers to.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/core.h>

#include "board_picture.h"
#include "cli_error.h"
#include "commands.h"
#include "output_format.h"
#include "position_args.h"
#include "svg_board.h"
#include "cli_variant.h"

namespace koma::cli {

namespace {

namespace fs = std::filesystem;

struct RenderArgs {
  std::string variant;
  PositionArgs position;
  std::string output;
  std::string images_dir;
};

std::string svg_of(const Variant& variant, const Position& position, const std::string& title) {
  (void)variant;
  return unwrap(position_svg(position, title));
}

void write_file(const fs::path& path, const std::string& text) {
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (out == nullptr) {
    throw CliError(fmt::format("cannot write '{}': {}", path.string(), std::strerror(errno)));
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size() &&
                       std::fflush(out) == 0;
  const int write_errno = errno;
  if (std::fclose(out) != 0 || !written) {
    throw CliError(fmt::format("cannot write '{}': {}", path.string(),
                               std::strerror(written ? errno : write_errno)));
  }
}

/// Writes every image of the document: the start position, titled with its caption.
int write_all_images(const LoadedVariant& loaded, const std::string& dir) {
  const ir::RuleSet& rules = loaded.variant->rules();
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw CliError(fmt::format("cannot create folder '{}': {}", dir, error.message()));
  const Position start(loaded.variant);
  std::string written;
  for (const auto& image : rules.meta.images) {
    const fs::path name(image.file);
    if (name.empty() || name.has_parent_path() || name.filename() != name || name == ".." ||
        name.extension() != ".svg") {
      throw CliError(fmt::format("image name '{}' in '{}' is not a plain .svg file name",
                                 image.file, loaded.path));
    }
    const fs::path path = fs::path(dir) / name;
    write_file(path, svg_of(*loaded.variant, start, image.caption));
    written += path.string() + "\n";
  }
  print_out(written);
  return kExitOk;
}

int run_render(const RenderArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  if (!args.images_dir.empty()) return write_all_images(loaded, args.images_dir);
  const PositionSetup setup = unwrap(setup_position(loaded.variant, args.position));
  const std::string svg = svg_of(*loaded.variant, *setup.position,
                                 fmt::format("{} \u2014 {}", loaded.variant->rules().meta.title,
                                             setup.position->sfen(setup.dialect)));
  if (args.output.empty() || args.output == "-") {
    print_out(svg);
  } else {
    write_file(args.output, svg);
  }
  return kExitOk;
}

}  // namespace

void add_render(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RenderArgs>();
  CLI::App* command = app.add_subcommand(
      "render",
      "Draw a position as SVG: board, pieces (kanji where the variant gives them), hands and "
      "coordinates. --all-images writes every image the variant document refers to.");
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  add_position_options(*command, args->position);
  auto* output = command->add_option("-o,--output", args->output, "Write the SVG here (default: stdout)");
  command
      ->add_option("--all-images", args->images_dir,
                   "Write each {{svg:NAME \"caption\"}} image of the document (the start "
                   "position) into this folder")
      ->excludes(output)
      ->excludes(command->get_option("--sfen"))
      ->excludes(command->get_option("--moves"));
  command->callback([args, &exit_code] { exit_code = run_render(*args); });
}

}  // namespace koma::cli

// The address to open on a phone as a QR code in the terminal (libqrencode), two rows of modules per line.
#include <qrencode.h>

#include <memory>

#include "web/server.hpp"

namespace marque::web {

std::string qr_text(const std::string& text) {
  std::unique_ptr<QRcode, decltype(&QRcode_free)> qr(QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1),
                                                     &QRcode_free);
  if (!qr) return "";
  const int n = qr->width, quiet = 2, size = n + 2 * quiet;
  // light = true for the quiet zone and the light modules (bit 0 of a module is set when it is dark)
  auto light = [&](int row, int col) {
    row -= quiet;
    col -= quiet;
    if (row < 0 || col < 0 || row >= n || col >= n) return true;
    return (qr->data[row * n + col] & 1) == 0;
  };
  std::string out;
  for (int row = 0; row < size; row += 2) {
    for (int col = 0; col < size; ++col) {
      bool top = light(row, col), bottom = row + 1 < size ? light(row + 1, col) : false;
      out += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
    }
    out += "\n";
  }
  return out;
}

}  // namespace marque::web

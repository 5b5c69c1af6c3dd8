// The FreeCell solver's bridges to the engine: a GameState in, resolved moves out,
// the one autoplay rule on the engine's types, and the workspace's trimming.
#include <cstring>
#include <string>

#include "solver_search.hpp"

namespace parlour::freecell {

bool is_safe_autoplay(const Foundations& f, Card c) noexcept {
  return search::autoplay_allows(f, c, search::Autoplay::Safe);
}

}  // namespace parlour::freecell

namespace parlour::freecell::search {

Board board_from_state(const GameState& g) {
  Board s{};
  for (int i = 0; i < 8; ++i) {
    const auto& v = g.cascades()[i].cards();
    if (v.size() > kMaxCascade) throw core::InvalidValue("a cascade of more than 20 cards cannot occur in FreeCell");
    s.len[i] = static_cast<std::uint8_t>(v.size());
    for (std::size_t j = 0; j < v.size(); ++j) s.col[i][j] = static_cast<std::uint8_t>(v[j].index());
  }
  for (int i = 0; i < 4; ++i) {
    const auto& c = g.freecells()[i];
    s.cell[i] = c ? static_cast<std::uint8_t>(c->index()) : kNoCard;
    s.found[i] = static_cast<std::uint8_t>(g.foundations().heights()[i]);
  }
  set_runs(s);
  return s;
}

// The moves are replayed on a search Board (locating cards and spotting automatic
// moves there is cheap).  Every search move was legal where the search made it, and
// the callers that need it (the survey, the tests) replay the notation on a GameState
// with full checks.
void replay(const GameState& start, const std::vector<MoveCode>& path, Autoplay level, SolveResult& out) {
  Board b = board_from_state(start);
  // Where each card is: its cascade, 8 + its free cell, or -1 (home).
  std::int8_t where[52];
  std::memset(where, -1, sizeof where);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < b.len[i]; ++j) where[b.col[i][j]] = static_cast<std::int8_t>(i);
  for (int i = 0; i < 4; ++i)
    if (b.cell[i] != kNoCard) where[b.cell[i]] = static_cast<std::int8_t>(8 + i);
  // Every card not home goes there by a move of its own: the path's moves to the
  // foundations, or automatic ones.
  std::size_t count = path.size() + 52 - (b.found[0] + b.found[1] + b.found[2] + b.found[3]);
  for (const MoveCode code : path) count -= code.dest() == Dest::Foundation;
  out.moves.reserve(out.moves.size() + count);
  out.notation.reserve(out.notation.size() + 3 * count + 8);
  // Writes a resolved move out and applies it to the board.
  auto emit = [&](const Move& m) {
    if (!out.notation.empty()) out.notation += ' ';
    // Standard notation: a sequence carries its count only onto an empty cascade.
    if (m.count > 1 && m.to.kind == PositionKind::Cascade && b.len[m.to.index] == 0) {
      out.notation += m.notation();
    } else {
      out.notation += m.from.notation();
      out.notation += m.to.notation();
    }
    out.moves.push_back(m);
    std::uint8_t moving[kMaxCascade];
    int n = 0;
    if (m.from.kind == PositionKind::Freecell) {
      moving[n++] = b.cell[m.from.index];
      b.cell[m.from.index] = kNoCard;
    } else {
      const int i = m.from.index;
      b.len[i] = static_cast<std::uint8_t>(b.len[i] - m.count);
      for (; n < m.count; ++n) moving[n] = b.col[i][b.len[i] + n];
    }
    switch (m.to.kind) {
      case PositionKind::Foundation:
        ++b.found[kCards.suit[moving[0]]];
        where[moving[0]] = -1;
        break;
      case PositionKind::Freecell:
        b.cell[m.to.index] = moving[0];
        where[moving[0]] = static_cast<std::int8_t>(8 + m.to.index);
        break;
      case PositionKind::Cascade: {
        const int j = m.to.index;
        for (int k = 0; k < n; ++k) {
          b.col[j][b.len[j] + k] = moving[k];
          where[moving[k]] = static_cast<std::int8_t>(j);
        }
        b.len[j] = static_cast<std::uint8_t>(b.len[j] + n);
        break;
      }
    }
  };
  auto home = [&](int card, Position from) {
    emit(Move{Card::from_index_unchecked(card), from, Position::foundation(), 1});
  };
  auto auto_moves = [&](bool all) {
    bool again = true;
    while (again) {
      again = false;
      for (int i = 0; i < 8; ++i) {
        if (!b.len[i]) continue;
        const int c = b.col[i][b.len[i] - 1];
        if (all ? kCards.rank[c] == b.found[kCards.suit[c]] + 1 : autoplay_allows(b, c, level)) {
          home(c, Position{PositionKind::Cascade, i});
          again = true;
        }
      }
      for (int i = 0; i < 4; ++i) {
        const int c = b.cell[i];
        if (c != kNoCard && (all ? kCards.rank[c] == b.found[kCards.suit[c]] + 1 : autoplay_allows(b, c, level))) {
          home(c, Position{PositionKind::Freecell, i});
          again = true;
        }
      }
    }
  };
  auto_moves(false);
  for (const MoveCode code : path) {
    const int card = code.card();
    Move m{Card::from_index_unchecked(card), Position::foundation(), Position::foundation(), code.count()};
    const int w = where[card];
    if (w >= 8) {
      m.from = Position{PositionKind::Freecell, w - 8};
    } else if (w >= 0 && b.len[w] >= m.count && b.col[w][b.len[w] - m.count] == card) {
      m.from = Position{PositionKind::Cascade, w};  // the deepest card of the moved run
    } else {
      throw core::Error("internal solver error: move of a card that is not free");
    }
    switch (code.dest()) {
      case Dest::Foundation: break;
      case Dest::Cell:
        for (int i = 0; i < 4; ++i)
          if (b.cell[i] == kNoCard) {
            m.to = Position{PositionKind::Freecell, i};
            break;
          }
        break;
      case Dest::EmptyCascade:
        for (int i = 0; i < 8; ++i)
          if (!b.len[i]) {
            m.to = Position{PositionKind::Cascade, i};
            break;
          }
        break;
      case Dest::Onto:
        for (int i = 0; i < 8; ++i)
          if (b.len[i] && b.col[i][b.len[i] - 1] == code.onto()) m.to = Position{PositionKind::Cascade, i};
        break;
    }
    if (m.to.kind == PositionKind::Foundation && code.dest() != Dest::Foundation)
      throw core::Error("internal solver error: no destination for move " + m.notation());
    emit(m);
    auto_moves(false);
  }
  auto_moves(true);
  if (b.found[0] + b.found[1] + b.found[2] + b.found[3] != 52)
    throw core::Error("internal solver error: the solution does not finish the game");
}

void ScanMemory::release() noexcept {
  std::vector<Node>().swap(nodes);
  std::vector<std::uint64_t>().swap(slots);
  std::vector<std::uint64_t>().swap(old_slots);
  std::vector<std::uint32_t>().swap(heads);
  std::vector<std::uint32_t>().swap(links);
  bucket_bytes = 0;
  std::vector<std::uint32_t>().swap(stack);
}

void Workspace::trim() {
  for (auto& m : mem_) {
    if (m->nodes.capacity() > (1u << 12)) std::vector<Node>().swap(m->nodes);
    if (m->slots.capacity() > (1u << 13)) std::vector<std::uint64_t>().swap(m->slots);
    if (m->old_slots.capacity() > (1u << 13)) std::vector<std::uint64_t>().swap(m->old_slots);
    if (m->heads.capacity() > (1u << 13)) std::vector<std::uint32_t>().swap(m->heads);
    if (m->links.capacity() > (1u << 13)) std::vector<std::uint32_t>().swap(m->links);
    if (m->stack.capacity() > (1u << 13)) std::vector<std::uint32_t>().swap(m->stack);
    m->bucket_bytes = (m->heads.capacity() + m->links.capacity()) * sizeof(std::uint32_t);
  }
}

}  // namespace parlour::freecell::search

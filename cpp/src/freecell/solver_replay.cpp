// The FreeCell solver's bridges to the engine: a GameState in, resolved moves out,
// the one autoplay rule on the engine's types, and the workspace's trimming.
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
  return s;
}

void replay(const GameState& start, const std::vector<MoveCode>& path, Autoplay level, SolveResult& out) {
  GameState g = start;
  auto emit = [&](const Move& m) {
    std::string why;
    const auto r = g.resolve(m, &why);
    if (!r) throw core::Error("internal solver error: move " + m.notation() + " is illegal: " + why);
    if (!out.notation.empty()) out.notation += ' ';
    out.notation += g.notation(*r);
    out.moves.push_back(*r);
    g.apply_in_place(*r);
  };
  auto auto_moves = [&](bool all) {
    bool again = true;
    while (again) {
      again = false;
      for (int i = 0; i < 8; ++i) {
        const auto top = g.cascades()[i].top();
        if (top && (all ? g.foundations().accepts(*top) : autoplay_allows(g.foundations(), *top, level))) {
          emit(Move{*top, Position{PositionKind::Cascade, i}, Position::foundation(), 1});
          again = true;
        }
      }
      for (int i = 0; i < 4; ++i) {
        const auto c = g.freecells()[i];
        if (c && (all ? g.foundations().accepts(*c) : autoplay_allows(g.foundations(), *c, level))) {
          emit(Move{*c, Position{PositionKind::Freecell, i}, Position::foundation(), 1});
          again = true;
        }
      }
    }
  };
  auto_moves(false);
  for (const MoveCode code : path) {
    const Card card = Card::from_index_unchecked(code.card());
    const auto from = g.locate(card);
    if (!from || from->kind == PositionKind::Foundation) throw core::Error("internal solver error: lost card");
    Move m{card, *from, Position::foundation(), code.count()};
    switch (code.dest()) {
      case Dest::Foundation: break;
      case Dest::Cell: m.to = Position{PositionKind::Freecell, g.freecells().first_empty()}; break;
      case Dest::EmptyCascade:
        for (int i = 0; i < 8; ++i)
          if (g.cascades()[i].empty()) {
            m.to = Position{PositionKind::Cascade, i};
            break;
          }
        break;
      case Dest::Onto: {
        const Card t = Card::from_index_unchecked(code.onto());
        for (int i = 0; i < 8; ++i)
          if (g.cascades()[i].top() == t) m.to = Position{PositionKind::Cascade, i};
        break;
      }
    }
    emit(m);
    auto_moves(false);
  }
  auto_moves(true);
  if (!g.is_solved()) throw core::Error("internal solver error: the solution does not finish the game");
}

void ScanMemory::release() noexcept {
  std::vector<Node>().swap(nodes);
  std::vector<std::uint64_t>().swap(slots);
  std::vector<std::uint64_t>().swap(old_slots);
  std::vector<std::vector<std::uint32_t>>().swap(buckets);
  bucket_bytes = 0;
  std::vector<std::uint32_t>().swap(stack);
}

void Workspace::trim() {
  for (auto& m : mem_) {
    if (m->nodes.capacity() > (1u << 12)) std::vector<Node>().swap(m->nodes);
    if (m->slots.capacity() > (1u << 13)) std::vector<std::uint64_t>().swap(m->slots);
    if (m->old_slots.capacity() > (1u << 13)) std::vector<std::uint64_t>().swap(m->old_slots);
    if (m->buckets.size() > 4096) std::vector<std::vector<std::uint32_t>>().swap(m->buckets);
    for (auto& bucket : m->buckets)
      if (bucket.capacity() > 1024) std::vector<std::uint32_t>().swap(bucket);
    if (m->stack.capacity() > (1u << 13)) std::vector<std::uint32_t>().swap(m->stack);
    m->bucket_bytes = m->buckets.capacity() * sizeof(m->buckets[0]);
    for (const auto& bucket : m->buckets) m->bucket_bytes += bucket.capacity() * sizeof(std::uint32_t);
  }
}

}  // namespace parlour::freecell::search

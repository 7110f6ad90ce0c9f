#pragma once

// Algorithms 1-9 of the defect-focused review paper (ICML 2025, App. G) on
// one version of one file: what sliceMergeRequest() runs for each side of
// each changed C/C++ file. Internal to slicing/.

#include "CodeModel.h"
#include "Slice.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

#include <map>
#include <set>

namespace rd {

class SourceSnapshot;

// The lines of one slice on the side it was sliced on, with reasons; the
// first reason given to a line stays, except that "changed" always wins.
struct LineSet
{
    QMap<int, QString> reasons;
    QList<ExternalSnippet> external;

    void add(int from, int to, const QString &reason)
    {
        for (int l = from; l <= to; ++l)
            if (!reasons.contains(l))
                reasons.insert(l, reason);
    }
    void addExternal(ExternalSnippet snippet)
    {
        for (const ExternalSnippet &e : external)
            if (e.file == snippet.file && e.from == snippet.from && e.to == snippet.to)
                return;
        external.append(std::move(snippet));
    }
};

// Bounds of the transitive traces: values followed from one slice. The
// fixed point is reached long before in ordinary functions.
constexpr int MaxTracedValues = 256;

// Where each value is written and read within one function, in order.
struct FunctionIndex
{
    QHash<QString, QList<int>> writers;
    QHash<QString, QList<int>> readers;
    int signature = -1;
};

// Algorithms 1-9 on one version of one file.
class FileSlicer
{
public:
    FileSlicer(const CodeModel &model, const QByteArray &file, SourceSnapshot *snapshot);

    int outsideStatements() const { return m_outside; }

    // `changedLines`: the lines to slice from; `otherChanged`: changed lines
    // of this side that other slices hold (never shown twice).
    QList<Slice> slice(const std::set<int> &changedLines, const std::set<int> &otherChanged, SliceAlgorithm algorithm, Side side);

private:
    Slice base(SliceAlgorithm algorithm, Side side) const;

    // Algorithm 4: the first cached statement and the cached ones that
    // follow it in the same function with no unchanged statement between.
    QList<int> contiguousSegment(std::set<int> &cache) const;

    // Per slice: what has been traced already, so each value is followed
    // once whatever number of statements bring it in.
    struct Trace
    {
        QSet<QString> backward, forward, written;
        QSet<int> functionsShown;
        QSet<int> included; // statements whose lines are in the slice
        int values = 0;
    };

    // Algorithm 3: grow the slice from the seed; changed statements reached
    // on the way join it and leave the cache, so none lands in two slices.
    Slice generate(const QList<int> &seed, std::set<int> &cache, const std::set<int> &changedLines, SliceAlgorithm algorithm, Side side);

    // Control dependence: the if/for/while/switch/case around every
    // statement of the slice, with the lines that close them; a changed
    // control structure brings the body it controls.
    void addControl(const QList<int> &members, LineSet &set, const Trace &trace);

    // Sets iterate in a per-process random order: sort, so that the same
    // input always gives the same slice text (and cache and replay keys).
    static QStringList sorted(const QSet<QString> &set);

    QString nameOf(const QString &usr) const;

    // The statements of `function` in order, for backward and forward traces.
    QList<int> statementsOf(int function) const;

    void addDeclaration(const QString &usr, int function, LineSet &set, const QString &reason);

    void include(int statement, const QString &reason, LineSet &set, Trace &trace, QList<int> &reached);

    // Backward: every write of `usr` before `position` and, transitively,
    // the writes of what those statements read (the value's history).
    void traceBackward(const QString &usr, int position, int function, LineSet &set, Trace &trace, QList<int> &reached);

    // Forward: every later statement that reads `usr` and, transitively,
    // the later readers of what those statements write.
    void traceForward(const QString &usr, int position, int function, LineSet &set, Trace &trace, QList<int> &reached);

    // Algorithms 6-9 for one statement: adds its context to `set` and
    // returns the statements it reached (the caller moves cached ones in).
    QList<int> expand(int index, SliceAlgorithm algorithm, LineSet &set, Trace &trace);

    void finish(Slice &slice, const LineSet &set, Side side) const;

    const CodeModel &m_model;
    std::map<int, int> m_owner;            // changed line -> the statement it belongs to
    QHash<int, QList<int>> m_ownedLines;   // statement -> the changed lines it owns
    QSet<int> m_outsideLines;              // changed lines no statement holds
    const std::set<int> *m_otherChanged = nullptr;
    QHash<int, QList<int>> m_byFunction;   // function -> its statements, in order
    QHash<int, FunctionIndex> m_index;     // function -> who writes and reads what
    QByteArray m_file;
    SourceSnapshot *m_snapshot;
    int m_outside = 0;
};

} // namespace rd

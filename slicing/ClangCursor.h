#pragma once

// Small conveniences over libclang's C API shared by the code model's
// analysis: owned strings, child cursors, cursor kinds, source spans.
// Internal to slicing/.

#include <clang-c/Index.h>

#include <QString>

#include <optional>
#include <type_traits>
#include <vector>

namespace rd {

inline QString take(CXString s)
{
    QString out = QString::fromUtf8(clang_getCString(s));
    clang_disposeString(s);
    return out;
}

template <typename F>
void forEachChild(CXCursor cursor, F &&f)
{
    clang_visitChildren(
        cursor,
        [](CXCursor child, CXCursor, CXClientData data) {
            (*static_cast<std::remove_reference_t<F> *>(data))(child);
            return CXChildVisit_Continue;
        },
        &f);
}

inline std::vector<CXCursor> childrenOf(CXCursor cursor)
{
    std::vector<CXCursor> out;
    forEachChild(cursor, [&out](CXCursor c) { out.push_back(c); });
    return out;
}

inline bool isFunctionKind(CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor
        || k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate || k == CXCursor_LambdaExpr;
}

inline bool isControlKind(CXCursorKind k)
{
    return k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_SwitchStmt
        || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
}

inline bool isDataKind(CXCursorKind k)
{
    return k == CXCursor_VarDecl || k == CXCursor_ParmDecl || k == CXCursor_FieldDecl;
}

struct Span
{
    CXFile file = nullptr;
    unsigned startLine = 0, endLine = 0, startOffset = 0, endOffset = 0;
};

inline Span spanOf(CXCursor cursor)
{
    const CXSourceRange range = clang_getCursorExtent(cursor);
    Span s;
    unsigned column = 0;
    clang_getExpansionLocation(clang_getRangeStart(range), &s.file, &s.startLine, &column, &s.startOffset);
    CXFile endFile = nullptr;
    clang_getExpansionLocation(clang_getRangeEnd(range), &endFile, &s.endLine, &column, &s.endOffset);
    if (s.endLine < s.startLine)
        s.endLine = s.startLine;
    return s;
}

inline std::optional<CXCursor> bodyOf(CXCursor function)
{
    std::optional<CXCursor> body;
    forEachChild(function, [&body](CXCursor c) {
        if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
            body = c;
    });
    return body;
}

} // namespace rd

#pragma once

#include "ViewedFiles.h"

#include <MergeRequest.h>

#include <QAbstractItemModel>
#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

namespace rd {

// The changed files of a merge request as a folder tree. Column 0: name with
// status icon and a "viewed" check box; column 1: +added −deleted lines.
class FileTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, ChangesColumn, ColumnCount };
    enum Role { FileIndexRole = Qt::UserRole + 1, PathRole, StatusRole };

    explicit FileTreeModel(QObject *parent = nullptr);
    ~FileTreeModel() override;

    void setMergeRequest(std::shared_ptr<const MergeRequest> mr);
    QModelIndex indexOfFile(int fileIndex) const;
    bool isViewed(int fileIndex) const;
    void setViewed(int fileIndex, bool viewed);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void viewedChanged(int fileIndex, bool viewed);

private:
    struct Node;
    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(const Node *node, int column = 0) const;

    std::unique_ptr<Node> m_root;
    std::vector<Node *> m_fileNodes;
    std::shared_ptr<const MergeRequest> m_mr;
    ViewedFiles m_viewed;
};

// Filters files by words: each must appear in the path or be the file's
// status (added, deleted, modified, renamed, copied, typechange), or be
// is:viewed / is:unviewed. Folders stay while they hold a match.
class FileFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit FileFilterModel(QObject *parent = nullptr);
    void setFilterWords(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words;
};

} // namespace rd
